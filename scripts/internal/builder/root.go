package builder

import (
	"errors"
	"os"
	"path/filepath"
)

// Root finds the repository root: the nearest directory above the working
// directory that holds go.mod and web/.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if isRoot(dir) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("cannot find the Kibitz repository (go.mod and web/) above the working directory")
		}
		dir = parent
	}
}

func isRoot(dir string) bool {
	_, errMod := os.Stat(filepath.Join(dir, "go.mod"))
	info, errWeb := os.Stat(filepath.Join(dir, "web"))
	return errMod == nil && errWeb == nil && info.IsDir()
}
