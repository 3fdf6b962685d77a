package supervisor

// UsageLimitOf returns the usage limit a failed review's error reports: ok is false for any other
// failure (see UsageLimit).
func UsageLimitOf(err error) (UsageLimit, bool) { return usageLimitOf(err) }
