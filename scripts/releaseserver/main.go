// Command releaseserver serves the files of one folder over HTTP on loopback, as a release host
// serves a release's assets, for scripts/release-check.sh. It writes its base URL to the file
// -url-file once it listens, and serves until killed.
//
// -cut PATH answers requests for the URL path PATH (such as /cut/ccc-hooks_linux_amd64.tar.gz)
// with the file's whole Content-Length but only the first half of its bytes, then drops the
// connection: a download cut short, as a broken network leaves it.
//
// -slow PATH answers requests for the URL path PATH with the whole file, in eight parts sent
// slowDelay apart: a slow download (about seven seconds), as a poor network serves it.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"time"
)

// slowDelay is the pause between the parts of a slow download.
const slowDelay = time.Second

func main() {
	dir := flag.String("dir", ".", "the folder to serve")
	urlFile := flag.String("url-file", "", "write the base URL here once listening")
	cut := flag.String("cut", "", "serve only the first half of the file at this URL path, then drop the connection")
	slow := flag.String("slow", "", "serve the file at this URL path slowly, in eight parts")
	flag.Parse()
	if err := run(*dir, *urlFile, *cut, *slow); err != nil {
		fmt.Fprintln(os.Stderr, "releaseserver:", err)
		os.Exit(1)
	}
}

func run(dir, urlFile, cut, slow string) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	files := http.FileServer(http.Dir(dir))
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch p := path.Clean(r.URL.Path); {
		case cut != "" && p == cut:
			serveHalf(w, r, filepath.Join(dir, filepath.FromSlash(cut)))
		case slow != "" && p == slow:
			serveSlowly(w, r, filepath.Join(dir, filepath.FromSlash(slow)))
		default:
			files.ServeHTTP(w, r)
		}
	})
	if urlFile != "" {
		if err := os.WriteFile(urlFile, []byte("http://"+ln.Addr().String()+"\n"), 0o644); err != nil {
			return err
		}
	}
	return http.Serve(ln, handler) //nolint:gosec // a test server on loopback, killed by its script
}

// serveHalf announces the whole file but sends half of it, then closes the connection under the
// response.
func serveHalf(w http.ResponseWriter, r *http.Request, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(data[:len(data)/2])
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			_ = conn.Close()
		}
	}
}

// serveSlowly sends the whole file in eight parts, slowDelay apart.
func serveSlowly(w http.ResponseWriter, r *http.Request, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.WriteHeader(http.StatusOK)
	part := (len(data) + 7) / 8
	for len(data) > 0 {
		n := min(part, len(data))
		if _, err := w.Write(data[:n]); err != nil {
			return
		}
		data = data[n:]
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		if len(data) > 0 {
			time.Sleep(slowDelay)
		}
	}
}
