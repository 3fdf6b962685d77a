package doctor

// Checks returns every check in the order doctor runs them.
func Checks(env Env) []Check {
	env = env.withDefaults()
	return []Check{
		buildCheck{env},
		settingsCheck{},
		installedCheck{env},
		supervisorCheck{env},
		vanishedCheck{},
		binaryCheck{env},
		doubleCheck{env},
		ownCommandsCheck{},
		pluginCheck{env},
		disableAllCheck{},
		managedOnlyCheck{},
		timeoutCheck{},
		legacyCheck{},
		claudeCheck{env},
		homeCheck{},
		blockCapCheck{env},
		configCheck{},
		sandboxCheck{env},
		checksCheck{env},
		workflowConfigCheck{env},
	}
}
