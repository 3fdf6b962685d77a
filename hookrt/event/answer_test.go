package event

import "testing"

// TestAnswers: a final answer carries its output; no opinion carries none.
func TestAnswers(t *testing.T) {
	out := Block("no")
	if a := Final(out); !a.Final || a.Out != out {
		t.Errorf("Final = %+v", a)
	}
	if a := NoOpinion(); a.Final || a.Out != nil {
		t.Errorf("NoOpinion = %+v", a)
	}
}
