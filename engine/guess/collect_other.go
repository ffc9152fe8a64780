//go:build !js

package guess

// letCollectorRun does nothing where Go has threads of its own: the
// garbage collector's workers run beside the search (see collect_js.go).
func letCollectorRun() {}
