// The pipe dependency graph of one kernel on one target: the operations as a
// sequence in program order with every loop body emitted as consecutive
// iterations (i and i + 1, as the compiler's sync solver does; i .. i + P when
// event ids, offsets or queue slots repeat with period P, as ping-pong
// `i % 2` ids do), flags matched to their waits, queue operations turned into
// their implicit events, and a happens-before relation decided by
// reachability over pipe frontiers.
//
// Two views of the copies: addresses and the conditions of accesses speak of
// any iteration i (i, i + 1, ...), while event ids and the conditions of
// flag operations are those of the first iterations (lo, lo + 1, ...), so a
// wait in copy c meets the sets of the copies before it or, at the start,
// the ones before the loop. With ids periodic in i the ordering the two views
// give is the same.
#pragma once

#include "checker/ir/KernelModel.h"
#include "checker/model/Target.h"

#include <optional>
#include <string>
#include <vector>

namespace alint {

struct SyncOptions {
  bool autoSync = true; // BiSheng orders S<->MTE2, S<->MTE3, S<->V and V<->V
};

// One operation instance in the unrolled sequence.
struct SeqOp {
  int op = -1;             // index into KernelModel::ops
  std::vector<int> copies; // copy index in each enclosing loop (outermost first)
  Sym cond;                // path condition of this instance (loop vars substituted)
  Sym condFirst;           // the same in the first-iterations view (flag operations)
  // In a loop: iteration i + c + P of the innermost loop runs (any-iteration
  // view; c this copy, P the loop's period), the next one that repeats this
  // instance's ids and slots. Null outside loops.
  Sym periodLaterRuns;
  std::vector<Region> regions; // with loop vars and queue slots substituted
  Pipe pipe = Pipe::None;
  // Synchronisation role (explicit flags and the implicit queue events).
  enum class Sync { None, Set, Wait, Barrier } sync = Sync::None;
  std::optional<HardEvent> event;
  Pipe flagSrc = Pipe::None, flagDst = Pipe::None;
  Sym eventId;             // explicit flags (first-iterations view)
  std::string queueKey;    // implicit events: "q<buffer>:fwd" / "q<buffer>:bwd#slot"
  bool implicit = false;   // from EnQue/DeQue/AllocTensor/FreeTensor
  int match = -1;          // Wait: index of the matched Set; Set: of its Wait
  std::vector<int> loopsA; // enclosing loops whose first copy this is in
  bool inLastCopy = false; // in a later copy (iteration i + 1 or after) of some loop
  std::vector<int> loops;  // enclosing loop ids (as in the Op)
  // Accesses UB through a raw pointer (950 register API): the compiler's
  // auto-sync does not order it against other pipes.
  bool rawPointer = false;
};

struct SyncGraph {
  std::vector<SeqOp> seq;
  std::vector<Sym> facts;    // constraints of the unrolling (fresh variables' ranges)
  std::string unknownReason; // set when the sequence could not be built faithfully
  // x happens before y (x < y in the sequence).
  bool happensBefore(int x, int y) const;
  // Pipes whose accesses are ordered without explicit synchronisation.
  bool autoOrdered(Pipe a, Pipe b) const;
  SyncOptions opts;
  // frontier[x][pipe]: first sequence index on that pipe ordered after x
  std::vector<std::vector<int>> frontier;
};

// Which core type runs an op on a split target (op.core, else the kernel's
// declared type, else inferred from the pipes the kernel uses).
std::optional<CoreType> coreOf(const KernelModel &k, const Op &op, const model::TargetSpec &t);
// coreOf for every op (by index), in one pass: for the checks that pair ops.
std::vector<std::optional<CoreType>> opCores(const KernelModel &k, const model::TargetSpec &t);

SyncGraph buildSyncGraph(const KernelModel &k, const model::TargetSpec &t, const SyncOptions &o);

} // namespace alint
