package workflow

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"sync"
	"time"
)

// Task statuses.
const (
	StatusInProgress = "in_progress"
	StatusCompleted  = "completed"
)

// File names inside a task directory.
const (
	MetaFile     = ".task-meta.json"
	ContextFile  = "context.md"
	SolutionFile = "solution.md"
)

// idPattern is the shape of a task id: task-YYYYMMDD-HHMMSS with an optional -N suffix (N ≥ 2).
var idPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^task-\d{8}-\d{6}(?:-([1-9]\d*))?$`) })

// ValidID reports whether id has the shape of a task id (and so can safely name a directory).
func ValidID(id string) bool { return idPattern().MatchString(id) }

// Meta is the content of .task-meta.json. The field set is fixed.
type Meta struct {
	TaskID                string    `json:"task_id"`
	TaskDescription       string    `json:"task_description"`
	CreatedAt             string    `json:"created_at"`
	Status                string    `json:"status"`
	FailureCount          int       `json:"failure_count"`
	FailureHistory        []Failure `json:"failure_history"`
	ExpertReviewTriggered bool      `json:"expert_review_triggered"`
	ExpertReviewScore     *float64  `json:"expert_review_score"`
	UserConfirmedFixed    bool      `json:"user_confirmed_fixed"`
	ArchivedAt            *string   `json:"archived_at"`
	SessionID             string    `json:"session_id"`
}

// Failure is one entry of failure_history: a blocked stop, or a stop allowed at the block cap.
type Failure struct {
	Time    string `json:"time"`
	Reason  string `json:"reason"`
	Excerpt string `json:"last_assistant_message,omitempty"`
}

// Task is a task's metadata and the directory that holds it.
type Task struct {
	Meta
	Dir string `json:"-"`
}

// MetaPath returns the path of the task's .task-meta.json.
func (t *Task) MetaPath() string { return filepath.Join(t.Dir, MetaFile) }

// ReviewPassed reports whether a score of at least PassScore is recorded.
func (t *Task) ReviewPassed() bool {
	return t.ExpertReviewScore != nil && *t.ExpertReviewScore >= PassScore
}

// createdLayouts are the forms of created_at read: ccc-hooks writes RFC 3339; a task file of the
// /mc design may hold the local time without a zone.
var createdLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05.999999999"}

// created returns the creation time and the id suffix, which orders tasks of the same second.
func (t *Task) created() (time.Time, int) {
	var at time.Time
	for _, layout := range createdLayouts {
		if parsed, err := time.Parse(layout, t.CreatedAt); err == nil {
			at = parsed
			break
		}
	}
	n := 1
	if m := idPattern().FindStringSubmatch(t.TaskID); len(m) > 1 && m[1] != "" {
		n, _ = strconv.Atoi(m[1])
	}
	return at, n
}

// ErrNotFound is returned by TaskStore.Load for a task id with no task.
var ErrNotFound = errors.New("task not found")

// TaskStore reads and writes the tasks of one project: <project>/tasks/<task id>/.
type TaskStore struct {
	Project string
	// Home is the ccc-hooks home; the lock file lives in <Home>/locks/.
	Home string
	// log receives reports of corrupt task files and of a refused tasks/ directory.
	log *slog.Logger
}

// NewTaskStore returns the store of project; reports go to stderr as log/slog text records.
func NewTaskStore(project, home string, stderr io.Writer) *TaskStore {
	if stderr == nil {
		stderr = io.Discard
	}
	return &TaskStore{Project: project, Home: home, log: newLogger(stderr)}
}

// Dir returns <project>/tasks.
func (s *TaskStore) Dir() string { return filepath.Join(s.Project, "tasks") }

// List returns every readable task, oldest first; a task that cannot be read is logged and left
// out (see Scan). A missing tasks directory is no task; a tasks/ that leads out of the project is
// refused (ErrTasksOutside).
func (s *TaskStore) List() ([]*Task, error) {
	tasks, problems, err := s.Scan()
	for _, p := range problems {
		s.log.Warn("skipping a task", "err", p.Err)
	}
	return tasks, err
}

// Problem is a folder of tasks/ that looks like a task and cannot be read as one: its
// .task-meta.json is corrupt, empty or of the wrong types, or it is gone while the task's
// context.md is still there.
type Problem struct {
	// ID is the folder's name, a task id.
	ID string
	// Path is the file at fault: the task's .task-meta.json.
	Path string
	Err  error
}

// Scan returns every readable task, oldest first, and the problems of the folders that look
// like tasks and cannot be read. A folder named like a task with neither .task-meta.json nor
// context.md is not a task.
func (s *TaskStore) Scan() (tasks []*Task, problems []Problem, err error) {
	if err := s.checkDir(); err != nil {
		return nil, nil, err
	}
	entries, err := os.ReadDir(s.Dir())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", s.Dir(), err)
	}
	for _, e := range entries {
		if !e.IsDir() || !ValidID(e.Name()) {
			continue
		}
		t, err := s.Load(e.Name())
		meta := filepath.Join(s.Dir(), e.Name(), MetaFile)
		switch {
		case errors.Is(err, ErrNotFound):
			if exists(filepath.Join(s.Dir(), e.Name(), ContextFile)) {
				err = fmt.Errorf("%s is missing beside the task's %s", meta, ContextFile)
				problems = append(problems, Problem{ID: e.Name(), Path: meta, Err: err})
			}
			continue
		case err != nil:
			problems = append(problems, Problem{ID: e.Name(), Path: meta, Err: err})
			continue
		}
		tasks = append(tasks, t)
	}
	sort.SliceStable(tasks, func(i, j int) bool {
		ai, ni := tasks[i].created()
		aj, nj := tasks[j].created()
		if !ai.Equal(aj) {
			return ai.Before(aj)
		}
		return ni < nj
	})
	return tasks, problems, nil
}

// Load reads the task with id. A task without .task-meta.json is ErrNotFound; a file that is not
// a valid task is an error naming the file.
func (s *TaskStore) Load(id string) (*Task, error) {
	if !ValidID(id) {
		return nil, fmt.Errorf("invalid task id %q: want task-YYYYMMDD-HHMMSS[-N]", id)
	}
	if err := s.checkDir(); err != nil {
		return nil, err
	}
	t := &Task{Dir: filepath.Join(s.Dir(), id)}
	data, err := os.ReadFile(t.MetaPath())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", t.MetaPath(), err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("corrupt %s: the file is empty", t.MetaPath())
	}
	if err := json.Unmarshal(data, &t.Meta); err != nil {
		return nil, fmt.Errorf("corrupt %s: %w", t.MetaPath(), err)
	}
	if t.TaskID != id {
		return nil, fmt.Errorf("corrupt %s: task_id %q does not match its directory", t.MetaPath(), t.TaskID)
	}
	return t, nil
}

// Save writes the task's .task-meta.json atomically. The caller holds the lock.
func (s *TaskStore) Save(t *Task) error {
	if t.FailureHistory == nil {
		t.FailureHistory = []Failure{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(t.Meta); err != nil {
		return fmt.Errorf("encode %s: %w", t.MetaPath(), err)
	}
	return writeFile(t.MetaPath(), buf.Bytes())
}

// Create opens a new in_progress task for sessionID. The id is task-YYYYMMDD-HHMMSS of now,
// with -2, -3 … appended when that directory exists already (os.Mkdir is atomic, so concurrent
// processes never share an id). The caller holds the lock.
//
// The project directory itself must exist: a task is never the reason a directory tree appears
// (an event's cwd can name a directory of another machine).
func (s *TaskStore) Create(description, sessionID string, now time.Time) (*Task, error) {
	if fi, err := os.Stat(s.Project); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("project directory %s does not exist; no task opened", s.Project)
	}
	if err := os.Mkdir(s.Dir(), 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("create %s: %w", s.Dir(), err)
	}
	if err := s.checkDir(); err != nil {
		return nil, err
	}
	base := "task-" + now.Format("20060102-150405")
	var t *Task
	for n := 1; t == nil; n++ {
		if n > 10000 {
			return nil, fmt.Errorf("create task in %s: too many tasks named %s", s.Dir(), base)
		}
		id := base
		if n > 1 {
			id = fmt.Sprintf("%s-%d", base, n)
		}
		dir := filepath.Join(s.Dir(), id)
		err := os.Mkdir(dir, 0o755)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("create %s: %w", dir, err)
		}
		t = &Task{Dir: dir, Meta: Meta{
			TaskID:          id,
			TaskDescription: description,
			CreatedAt:       now.Format(time.RFC3339),
			Status:          StatusInProgress,
			FailureHistory:  []Failure{},
			SessionID:       sessionID,
		}}
	}
	files := []struct{ name, text string }{
		{ContextFile, contextTemplate(t)},
		{SolutionFile, solutionTemplate(t)},
	}
	for _, f := range files {
		if err := writeFile(filepath.Join(t.Dir, f.name), []byte(f.text)); err != nil {
			return nil, err
		}
	}
	if err := s.Save(t); err != nil {
		return nil, err
	}
	return t, nil
}

// Complete marks t completed and confirmed by the user, archived at now. The caller holds the
// lock and saves.
func (t *Task) Complete(now time.Time) {
	at := now.Format(time.RFC3339)
	t.Status = StatusCompleted
	t.UserConfirmedFixed = true
	t.ArchivedAt = &at
}
