"""The requests of one rank's TI lines, followed as the replay stores them (docs/trace-format.md, wait): each isend,
issend, ibsend and irecv is stored under the world ranks of its source and destination and its tag (not its communicator,
as SMPI's replay), each `wait src dst tag` completes the oldest one stored under its key. Used by
tests/otf2/check_semantics.py and tests/corpus/compare_counts.py."""
import collections


class Requests:
    def __init__(self, path):
        self.path = path
        self.started = self.completed = self.unwaited = 0
        self.problems = []
        self._members = {}  # comm id -> members (world ranks)
        self._pending = collections.defaultdict(collections.deque)  # key -> line numbers

    def line(self, number, rank, action, fields):
        """One action of the rank (fields without `comm=`, comm given as fields' last `comm=` if any)."""
        comm = 0
        if fields and fields[-1].startswith("comm="):
            comm = int(fields[-1][5:])
            fields = fields[:-1]
        if action == "comm_split":
            self._members[int(fields[0])] = [int(m) for m in fields[2:]]
        world = (lambda r: self._members[comm][r] if r >= 0 else r) if comm else (lambda r: r)
        if action in ("isend", "issend", "ibsend", "irecv"):
            self.started += 1
            peer, tag = world(int(fields[0])), int(fields[1])
            self._pending[(rank, peer, tag) if action != "irecv" else (peer, rank, tag)].append(number)
        elif action == "wait" and len(fields) == 3:
            self.completed += 1
            key = (world(int(fields[0])), world(int(fields[1])), int(fields[2]))
            if self._pending[key]:
                self._pending[key].popleft()
            else:
                self.problems.append(f"{self.path}:{number}: this wait completes no pending request (completed twice?)")

    def end(self, rank=None, buffered=0):
        """The problems, once the rank's last line is read: requests never completed among them, but up to `buffered`
        sends of rank `rank` (its MPI_Ibsend calls, whose requests it may free: otf2ti writes no wait of their own),
        counted in `unwaited`."""
        for key, lines in self._pending.items():
            for number in lines:
                if key[0] == rank and self.unwaited < buffered:
                    self.unwaited += 1
                else:
                    self.problems.append(f"{self.path}:{number}: this request is never completed (key {key})")
        self._pending.clear()
        return self.problems
