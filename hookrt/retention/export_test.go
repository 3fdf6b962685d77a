package retention

import "time"

// Pass runs a whole pass now, due or not.
func (p *Pruner) Pass() (Report, error) {
	rec, err := ReadRecord(p.Home)
	if err != nil {
		return Report{}, err
	}
	if rec.Pass == nil && len(rec.Removing) == 0 {
		// Make a pass due.
		rec.PassEnded = time.Time{}
		if err := rec.write(p.Home); err != nil {
			return Report{}, err
		}
	}
	return p.step(int(^uint(0)>>1), never)
}

// Due reports, from the record alone, whether a step would do anything: a pass is in progress,
// or the last one ended PassEvery ago. It is what a hook pays when nothing is due: one small read.
func (p *Pruner) Due() bool {
	rec, err := ReadRecord(p.Home)
	return err == nil && p.due(rec)
}
