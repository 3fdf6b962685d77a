package safefile

// Name is where the displaced file is while it has its temporary name.
func (d *Displaced) Name() string { return d.name }

// Name is the path of the temporary file.
func (p *Pending) Name() string { return p.name }
