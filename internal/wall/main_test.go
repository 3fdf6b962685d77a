package wall

import (
	"fmt"
	"net"
	"os"
	"testing"
	"time"
)

// dialArg makes the test binary a client for the tests' commands: `<test binary> __dial NETWORK
// ADDRESS` dials once and says whether anyone answered (no nc, socat or python needed).
const dialArg = "__dial"

// TestMain lets the test binary be the dialling client of the tests.
func TestMain(m *testing.M) {
	if len(os.Args) == 4 && os.Args[1] == dialArg {
		c, err := net.DialTimeout(os.Args[2], os.Args[3], 2*time.Second)
		if err != nil {
			fmt.Fprintf(os.Stdout, "dial %s %s: %v\n", os.Args[2], os.Args[3], err)
			os.Exit(1)
		}
		fmt.Fprintf(c, "hello from behind the wall\n")
		c.Close()
		fmt.Fprintf(os.Stdout, "dial %s %s: connected\n", os.Args[2], os.Args[3])
		os.Exit(0)
	}
	os.Exit(m.Run())
}
