// sync-unpaired: every WaitFlag has a SetFlag that reaches it on every path
// (else the pipe waits forever: error 507014/507035), and every SetFlag is
// consumed by a WaitFlag (else the event leaks into the next kernel). Loops
// are unrolled as their first iterations (checker/graph: two, or P + 1 for
// ids that repeat with period P): a wait at the top of the body must be
// primed before the loop, a set at the end of the last iteration must be
// drained after it.
#include "rules/Checks.h"

#include <algorithm>

#include <map>
#include <set>

namespace alint {

static std::string flagText(const Op &op) {
  std::string ev = op.event ? std::string(hardEventName(*op.event))
                            : std::string(pipeName(op.flagSrc)) + "->" + std::string(pipeName(op.flagDst));
  return ev + "(" + (op.eventId ? toString(op.eventId) : "?") + ")";
}

// The fix-it for an unpaired flag outside loops: its partner as the adjacent
// statement (a WaitFlag right after the SetFlag, a SetFlag right before the
// WaitFlag: the idiomatic pair, which only adds ordering). Offered only when
// it is certain: the statement is the only one at its location in the kernel
// (not in a helper called from elsewhere), and no unpaired flag of the other
// kind names the same event (then a wrong id is the likelier bug).
static void addPartnerFixIt(const KernelModel &k, const SyncGraph &g, const SeqOp &s, ProofItem &item) {
  const Op &op = k.ops[s.op];
  bool wait = s.sync == SeqOp::Sync::Wait;
  if (!op.loops.empty() || !op.eventId || !op.loc.valid())
    return;
  for (const Op &o : k.ops)
    if (&o != &op && o.loc.line == op.loc.line && o.loc.column == op.loc.column && o.loc.file == op.loc.file)
      return;
  for (const SeqOp &x : g.seq)
    if (!x.implicit && x.match < 0 && x.sync == (wait ? SeqOp::Sync::Set : SeqOp::Sync::Wait) &&
        k.ops[x.op].event == op.event && k.ops[x.op].flagSrc == op.flagSrc && k.ops[x.op].flagDst == op.flagDst)
      return;
  FixIt f;
  f.loc = op.loc;
  std::string set = op.event ? "SetFlag" : "set_flag", waitName = op.event ? "WaitFlag" : "wait_flag";
  f.cloneCallFrom = wait ? waitName : set;
  f.cloneCallAs = wait ? set : waitName;
  f.cloneBefore = wait;
  item.fixits.push_back(f);
}

// A DeQue waits for the queue's forward event, which only an EnQue of the
// same queue sets: a DeQue with no EnQue before it (in the first-iterations
// view) waits forever. A queue's tensors are FIFO, so the graph matches each
// DeQue to the oldest pending EnQue. A call before the DeQue that the
// frontend does not model may enqueue: then the pairing is unknown.
static void checkDeQue(CheckContext &ctx, const SyncGraph &g, int i, std::set<std::pair<int, int>> &seen) {
  const KernelModel &k = ctx.kernel;
  const SeqOp &s = g.seq[i];
  const Op &op = k.ops[s.op];
  std::string q = op.bufferId >= 0 && op.bufferId < int(k.buffers.size()) ? k.buffers[op.bufferId].name : "?";
  // TQue<VECCALC>: its DeQue waits for no event, so it cannot hang (ops-math
  // cdist keeps one tensor resident in such a queue and DeQues it again).
  if (op.bufferId >= 0 && op.bufferId < int(k.buffers.size()) && k.buffers[op.bufferId].eventless)
    return;
  ProofItem item;
  item.ob.check = "sync-unpaired";
  item.loc = op.loc;
  std::string hidden;
  for (int j = 0; j < i && hidden.empty(); ++j)
    if (k.ops[g.seq[j].op].kind == OpKind::Unmodelled)
      hidden = "an earlier call is not modelled and may enqueue: " + k.ops[g.seq[j].op].unknownReason;
  for (size_t j = 0; j < size_t(s.op) && hidden.empty(); ++j)
    if (k.ops[j].kind == OpKind::Unmodelled)
      hidden = "an earlier call is not modelled and may enqueue: " + k.ops[j].unknownReason;
  // A DeQue under a condition the frontend cannot follow may be guarded by
  // the queue's own state (`if (q.HasTensorInQue()) t = q.DeQue<T>();`, a
  // common reuse idiom): whether it can run unpaired is then unknown.
  if (hidden.empty() && s.condFirst && containsOpaque(s.condFirst))
    hidden = "it runs under a condition the frontend does not follow (e.g. HasTensorInQue)";
  if (s.match < 0) {
    if (!seen.insert({s.op, 0}).second)
      return;
    item.ob.property = mkBool(false);
    item.ob.context = ctx.contextAt(s.condFirst, op.loops);
    if (!hidden.empty()) {
      item.worst = Status::Unknown;
      item.capReason = hidden;
    }
    // An EnQue of the same queue that set another event (EnQue<src, dst>
    // naming a path, DeQue without, or the reverse) does not release it.
    std::string otherEvent;
    std::string prefix = s.queueKey.substr(0, s.queueKey.rfind(':') + 1);
    for (int j = 0; j < i && otherEvent.empty(); ++j)
      if (g.seq[j].sync == SeqOp::Sync::Set && g.seq[j].implicit && g.seq[j].queueKey != s.queueKey &&
          g.seq[j].queueKey.compare(0, prefix.size(), prefix) == 0 && g.seq[j].event && s.event)
        otherEvent = std::string(hardEventName(*g.seq[j].event)) + " (set by the EnQue at line " +
                     std::to_string(k.ops[g.seq[j].op].loc.line) + "), this DeQue waits for " +
                     std::string(hardEventName(*s.event));
    item.message = [q, otherEvent](const Verdict &v) {
      if (v.status == Status::Unknown)
        return "DeQue on " + q + ": whether a tensor was enqueued before it could not be decided: " + v.reason;
      if (!otherEvent.empty())
        return "DeQue on " + q + " waits for an event no EnQue of the queue sets: " + otherEvent +
               "; it waits forever (hang)";
      return "DeQue on " + q + " has no EnQue before it: it waits for the queue's event forever (hang)";
    };
    item.hint = !otherEvent.empty() ? "name the same positions in the EnQue and the DeQue (both EnQue<src, dst> / "
                                      "DeQue<src, dst, T>, or neither)"
                : op.loops.empty()  ? "EnQue the tensor on " + q + " before this DeQue"
                                    : "EnQue on " + q + " earlier in the loop body (or before the loop)";
    ctx.prove(std::move(item));
    return;
  }
  // Matched: some EnQue of this queue must run whenever the DeQue does.
  if (!seen.insert({s.op, 1}).second)
    return;
  Sym some = mkBool(false);
  for (int j = 0; j < i; ++j)
    if (g.seq[j].sync == SeqOp::Sync::Set && g.seq[j].queueKey == s.queueKey)
      some = mkOr(some, g.seq[j].condFirst ? g.seq[j].condFirst : mkBool(true));
  item.ob.property = some;
  item.ob.context = ctx.contextAt(s.condFirst, op.loops);
  for (const Sym &f : g.facts)
    item.ob.context.push_back(f);
  if (!hidden.empty()) { // a proof stands; a failure may be the hidden EnQue's
    item.worst = Status::Unknown;
    item.capReason = hidden;
  }
  item.message = [q](const Verdict &v) {
    if (v.status == Status::Unknown)
      return "DeQue on " + q + ": whether an EnQue runs before it could not be decided: " + v.reason;
    return "DeQue on " + q + " runs on paths where no EnQue of it does: it can wait forever (hang)";
  };
  item.related.push_back({k.ops[g.seq[s.match].op].loc, "the EnQue, under a different condition"});
  item.hint = "enqueue and dequeue under the same condition";
  ctx.prove(std::move(item));
}

void SyncUnpairedCheck::run(CheckContext &ctx) const {
  const KernelModel &k = ctx.kernel;
  const SyncGraph &g = ctx.syncGraph();
  std::set<std::pair<int, int>> seen;
  for (int i = 0; i < int(g.seq.size()); ++i) {
    const SeqOp &s = g.seq[i];
    if (ctx.outOfTime(id(), k.ops[s.op].loc)) // each wait looks at every earlier set: quadratic
      break;
    if (s.implicit && s.sync == SeqOp::Sync::Wait && k.ops[s.op].kind == OpKind::DeQue) {
      checkDeQue(ctx, g, i, seen);
      continue;
    }
    if (s.implicit || (s.sync != SeqOp::Sync::Set && s.sync != SeqOp::Sync::Wait))
      continue;
    const Op &op = k.ops[s.op];
    bool wait = s.sync == SeqOp::Sync::Wait;
    // Waits are judged in the first-iterations view, in every copy (what
    // comes before each copy is all in the sequence). A set in a loop that
    // nothing later in the sequence waits for is judged in the any-iteration
    // view: it is consumed when the body waits for its flag and the iteration
    // that repeats its id runs, so only the last iterations' sets must be
    // drained after the loop (`if (i != n - 1) SetFlag` needs no drain).
    // A set followed by another set of the same flag before any wait is not
    // left set: the two collapse into one (sync-event reports that).
    if (!wait && s.match < 0) {
      bool collapsed = false;
      for (int j = i + 1; j < int(g.seq.size()) && !collapsed; ++j) {
        const SeqOp &n = g.seq[j];
        if (n.queueKey != s.queueKey)
          continue;
        if (n.sync == SeqOp::Sync::Wait)
          break;
        collapsed = n.sync == SeqOp::Sync::Set;
      }
      if (collapsed)
        continue;
    }
    ProofItem item;
    item.ob.check = id();
    item.loc = op.loc;
    std::string ft = flagText(op);
    if (s.match < 0) {
      if (!seen.insert({s.op, 0}).second)
        continue;
      item.ob.property = mkBool(false); // reachable => unpaired
      item.ob.context = ctx.contextAt(s.condFirst, op.loops);
      if (!wait && !op.loops.empty()) {
        bool bodyWait = false;
        for (const SeqOp &o : g.seq) {
          const std::vector<int> &ls = k.ops[o.op].loops;
          bodyWait |= o.sync == SeqOp::Sync::Wait && o.queueKey == s.queueKey &&
                      std::find(ls.begin(), ls.end(), op.loops.back()) != ls.end();
        }
        if (bodyWait && s.periodLaterRuns)
          item.ob.property = s.periodLaterRuns;
        item.ob.context = ctx.contextAt(s.cond, op.loops);
        for (const Sym &f : g.facts)
          item.ob.context.push_back(f);
      }
      // An id computed from a value the loop changes (`id ^= 1` each
      // iteration) is one unknown for every copy: matching is not known.
      if (op.eventId && containsOpaque(op.eventId))
        item.ob.unknownReason = "the event id depends on a value the frontend does not track across iterations";
      if (wait) {
        item.message = [ft](const Verdict &v) {
          if (v.status == Status::Unknown)
            return "WaitFlag " + ft + ": pairing could not be decided: " + v.reason;
          return "WaitFlag " + ft + " has no SetFlag before it: the pipe waits forever (hang)";
        };
        item.hint = op.loops.empty() ? "add the matching SetFlag before this wait"
                                     : "prime the loop with a SetFlag before it (and drain after it)";
        addPartnerFixIt(k, g, s, item);
      } else {
        item.message = [ft](const Verdict &v) {
          if (v.status == Status::Unknown)
            return "SetFlag " + ft + ": pairing could not be decided: " + v.reason;
          return "SetFlag " + ft + " is never waited for: the event stays set into the next kernel";
        };
        item.hint = "add the matching WaitFlag (after the loop, for a set at the end of a loop body)";
        addPartnerFixIt(k, g, s, item);
      }
      ctx.prove(std::move(item));
      continue;
    }
    if (!wait)
      continue;
    // Matched: some set of this flag must run whenever the wait does. Any
    // earlier set counts (a loop that does not run leaves the set before it
    // for a wait after it); this may miss a set consumed on the way, never
    // invents a hang.
    const SeqOp &set = g.seq[s.match];
    if (!seen.insert({s.op, 1}).second)
      continue;
    Sym some = mkBool(false);
    for (int j = 0; j < i; ++j)
      if (g.seq[j].sync == SeqOp::Sync::Set && g.seq[j].queueKey == s.queueKey)
        some = mkOr(some, g.seq[j].condFirst ? g.seq[j].condFirst : mkBool(true));
    item.ob.property = some;
    item.ob.context = ctx.contextAt(s.condFirst, op.loops);
    for (const Sym &f : g.facts)
      item.ob.context.push_back(f);
    const Op &sop = k.ops[set.op];
    item.message = [ft](const Verdict &v) {
      if (v.status == Status::Unknown)
        return "WaitFlag " + ft + ": whether its SetFlag runs could not be decided: " + v.reason;
      return "WaitFlag " + ft + " runs on paths where its SetFlag does not: the pipe can wait forever";
    };
    item.related.push_back({sop.loc, "the SetFlag, under a different condition"});
    item.hint = "set and wait under the same condition";
    ctx.prove(std::move(item));
  }
}

} // namespace alint
