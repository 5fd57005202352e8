// The executable hierarchy model (see Simulator.h and docs/simulator.md).
// Deliberately independent of rules/ and smt/: the properties are computed
// here from their definitions (docs/checks/*.md), with exact integers.
#include "checker/model/Simulator.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <set>
#include <sstream>

namespace alint::model {

namespace {

using i128 = __int128;
using u128 = unsigned __int128;

// Mathematical values beyond this are reported as unknown instead of being
// computed (nothing a kernel allocates or addresses comes near it).
const i128 kMathLimit = (i128)1 << 120;

std::string i128Text(i128 v) {
  if (v == 0)
    return "0";
  bool neg = v < 0;
  u128 u = neg ? u128(-(v + 1)) + 1 : u128(v);
  std::string s;
  while (u) {
    s.insert(s.begin(), char('0' + int(u % 10)));
    u /= 10;
  }
  return neg ? "-" + s : s;
}

// The value of v in type t (two's complement wrap; math: unchanged).
i128 wrapExact(i128 v, IntType t) {
  if (t.isBool)
    return v != 0;
  if (t.bits == 0 || t.bits > 64)
    return v;
  u128 m = u128(1) << t.bits;
  u128 u = u128(v) % m; // u128(v) is v mod 2^128, and m divides 2^128
  if (t.isSigned && ((u >> (t.bits - 1)) & 1))
    return i128(u) - i128(m);
  return i128(u);
}

// A raw int64 (bit pattern for uint64_t) as the value of type t.
i128 fromRaw(int64_t raw, IntType t) {
  if (t.bits == 64 && !t.isSigned)
    return i128(uint64_t(raw));
  return wrapExact(raw, t);
}

bool inRange(i128 v, IntType t) {
  if (t.isBool)
    return v == 0 || v == 1;
  if (t.bits == 0)
    return true;
  return v >= i128(t.minValue()) && v <= i128(t.maxValue());
}

const VarInfo *varThroughCasts(const Sym &s) {
  const SymNode *n = s.get();
  while (n && n->op == SymOp::Cast && !n->args.empty())
    n = n->args[0].get();
  return n && n->op == SymOp::Var ? n->var.get() : nullptr;
}

void splitAnd(const Sym &s, std::vector<Sym> &out) {
  if (!s)
    return;
  if (s->op == SymOp::LAnd) {
    splitAnd(s->args[0], out);
    splitAnd(s->args[1], out);
  } else {
    out.push_back(s);
  }
}

std::string valuesText(const std::vector<std::pair<std::string, int64_t>> &vals) {
  std::string s;
  for (auto &[n, v] : vals)
    s += (s.empty() ? "" : ", ") + n + "=" + std::to_string(v);
  return s;
}

// ------------------------------------------------------------- evaluation

struct Evaluator {
  const SimConfig &cfg;
  const Execution *ex = nullptr;
  const TraceStep *step = nullptr;
  const std::vector<VarValue> *extra = nullptr; // bindings being built (loop stack during expansion)
  std::set<std::string> *missing = nullptr;     // where to record inputs the config lacks (null: don't)
  std::string why;

  explicit Evaluator(const SimConfig &c) : cfg(c) {}

  std::optional<i128> fail(const std::string &reason) {
    if (why.empty())
      why = reason;
    return std::nullopt;
  }

  std::optional<int64_t> lookup(const VarInfo &v) {
    if (v.role == VarRole::Opaque)
      return std::nullopt;
    if (v.role == VarRole::Input) {
      auto it = cfg.inputs.find(v.name);
      if (it == cfg.inputs.end())
        return std::nullopt;
      return it->second;
    }
    auto find = [&](const std::vector<VarValue> &vs) -> std::optional<int64_t> {
      for (auto it = vs.rbegin(); it != vs.rend(); ++it)
        if (it->var->id == v.id)
          return it->value;
      return std::nullopt;
    };
    if (extra)
      if (auto r = find(*extra))
        return r;
    if (step)
      if (auto r = find(step->internals))
        return r;
    if (ex)
      if (auto r = find(ex->choices))
        return r;
    return std::nullopt;
  }

  std::optional<i128> math(i128 v) {
    if (v > kMathLimit || v < -kMathLimit)
      return fail("a value exceeds 2^120");
    return v;
  }

  // Result of an exact computation r in type t.
  std::optional<i128> typed(i128 r, IntType t) { return t.bits ? wrapExact(r, t) : math(r); }

  std::optional<i128> eval(const Sym &s) {
    if (!s)
      return fail("no value");
    const IntType t = s->type;
    switch (s->op) {
    case SymOp::Const:
      return fromRaw(s->value, t);
    case SymOp::BoolConst:
      return s->value != 0;
    case SymOp::Var: {
      const VarInfo &v = *s->var;
      auto raw = lookup(v);
      if (!raw) {
        if (v.role == VarRole::Opaque)
          return fail("depends on an opaque value: " + v.reason);
        if (v.role == VarRole::Input) {
          if (missing)
            missing->insert(v.name);
          return fail("no value for input '" + v.name + "'");
        }
        return fail("internal value '" + v.name + "' is not known here");
      }
      return fromRaw(*raw, t);
    }
    case SymOp::Cast: {
      auto a = eval(s->args[0]);
      if (!a)
        return a;
      return wrapExact(*a, t);
    }
    case SymOp::Select: {
      auto c = eval(s->args[0]);
      if (!c)
        return c;
      return *c ? eval(s->args[1]) : eval(s->args[2]);
    }
    case SymOp::LNot: {
      auto a = eval(s->args[0]);
      if (!a)
        return a;
      return i128(*a == 0);
    }
    case SymOp::LAnd:
    case SymOp::LOr: {
      bool isAnd = s->op == SymOp::LAnd;
      auto a = eval(s->args[0]);
      if (a && (*a != 0) != isAnd)
        return i128(!isAnd);
      auto b = eval(s->args[1]);
      if (b && (*b != 0) != isAnd)
        return i128(!isAnd);
      if (!a || !b)
        return std::nullopt;
      return i128(isAnd);
    }
    case SymOp::Neg:
    case SymOp::BitNot: {
      auto a = eval(s->args[0]);
      if (!a)
        return a;
      return typed(s->op == SymOp::Neg ? -*a : ~*a, t);
    }
    default:
      break;
    }
    if (s->args.size() != 2)
      return fail("malformed expression");
    auto a = eval(s->args[0]);
    if (!a)
      return a;
    auto b = eval(s->args[1]);
    if (!b)
      return b;
    i128 x = *a, y = *b;
    switch (s->op) {
    case SymOp::Eq:
      return i128(x == y);
    case SymOp::Ne:
      return i128(x != y);
    case SymOp::Lt:
      return i128(x < y);
    case SymOp::Le:
      return i128(x <= y);
    case SymOp::Gt:
      return i128(x > y);
    case SymOp::Ge:
      return i128(x >= y);
    case SymOp::Add:
    case SymOp::Sub:
    case SymOp::Mul: {
      if (t.bits) { // modulo 2^128 first: exact once wrapped to <= 64 bits
        u128 ux = u128(x), uy = u128(y);
        u128 r = s->op == SymOp::Add ? ux + uy : s->op == SymOp::Sub ? ux - uy : ux * uy;
        return wrapExact(i128(r), t);
      }
      i128 r;
      bool over = s->op == SymOp::Add   ? __builtin_add_overflow(x, y, &r)
                  : s->op == SymOp::Sub ? __builtin_sub_overflow(x, y, &r)
                                        : __builtin_mul_overflow(x, y, &r);
      if (over)
        return fail("a value exceeds 2^120");
      return math(r);
    }
    case SymOp::Div:
    case SymOp::Rem:
      if (y == 0)
        return fail("division by zero");
      return typed(s->op == SymOp::Div ? x / y : x % y, t); // both truncate, as in C++
    case SymOp::Shl:
      if (y < 0 || y >= 64)
        return fail("shift by " + i128Text(y));
      if (t.bits)
        return wrapExact(i128(u128(x) << int(y)), t);
      {
        i128 r;
        if (__builtin_mul_overflow(x, i128(1) << int(y), &r))
          return fail("a value exceeds 2^120");
        return math(r);
      }
    case SymOp::Shr:
      if (y < 0 || y >= 64)
        return fail("shift by " + i128Text(y));
      return typed(x >> int(y), t); // arithmetic shift: floor division by 2^y
    case SymOp::BitAnd:
      return typed(x & y, t);
    case SymOp::BitOr:
      return typed(x | y, t);
    case SymOp::BitXor:
      return typed(x ^ y, t);
    case SymOp::Min:
      return x < y ? x : y;
    case SymOp::Max:
      return x > y ? x : y;
    default:
      return fail("unsupported expression");
    }
  }

  // A truth value: nullopt when unknown.
  std::optional<bool> truth(const Sym &s) {
    if (!s)
      return true;
    auto v = eval(s);
    if (!v)
      return std::nullopt;
    return *v != 0;
  }
};

// Every Sym the model holds, with a visitor.
void forEachSym(const KernelModel &k, const std::function<void(const Sym &)> &f) {
  auto g = [&](const Sym &s) {
    if (s)
      f(s);
  };
  for (const Buffer &b : k.buffers) {
    g(b.num);
    g(b.lenBytes);
    g(b.cond);
  }
  for (const GlobalBuf &gb : k.globals) {
    g(gb.baseOffsetBytes);
    g(gb.sizeElems);
  }
  for (const Op &op : k.ops) {
    g(op.cond);
    g(op.eventId);
    for (auto &[name, p] : op.params)
      g(p);
    for (const Region &r : op.regions) {
      g(r.offsetBytes);
      g(r.lengthBytes);
      g(r.slot);
    }
  }
  for (const Loop &l : k.loops) {
    g(l.lo);
    g(l.hi);
    g(l.step);
    g(l.cond);
  }
  for (const Assumption &a : k.assumptions) {
    g(a.expr);
    g(a.cond);
  }
}

bool isPrefix(const std::vector<int> &a, const std::vector<int> &b) {
  if (a.size() > b.size())
    return false;
  return std::equal(a.begin(), a.end(), b.begin());
}

// ------------------------------------------------------------- expansion

struct Expander {
  const KernelModel &k;
  const SimConfig &cfg;
  Trace &tr;
  std::set<std::string> missing;

  std::map<int, const Loop *> loopById;
  std::set<uint32_t> loopVars;
  std::set<uint32_t> slotVars;
  std::map<uint32_t, int> slotSource;                               // slot var -> AllocTensor/DeQue op
  std::vector<std::vector<std::shared_ptr<const VarInfo>>> opSlots; // per op: slot vars of its regions

  // Per execution.
  Execution *ex = nullptr;
  std::vector<VarValue> loopStack;
  std::map<int, uint64_t> allocCounter;                   // per buffer
  std::map<int, std::optional<int64_t>> handed;           // per AllocTensor/DeQue op: the slot it handed out last
  std::map<int, std::deque<std::optional<int64_t>>> fifo; // per buffer: slots EnQue'd, not yet DeQue'd
  std::set<int> unsure;                                   // buffers whose queue state is no longer known
  std::vector<const Assumption *> deferred;               // top-level assumptions undecided per execution
  bool stop = false;

  Expander(const KernelModel &km, const SimConfig &c, Trace &t) : k(km), cfg(c), tr(t) {}

  Evaluator evaluator(const TraceStep *step, bool recordMissing = true) {
    Evaluator e{cfg};
    e.ex = ex;
    e.step = step;
    e.extra = step ? nullptr : &loopStack;
    e.missing = recordMissing ? &missing : nullptr;
    return e;
  }

  void analyse() {
    for (const Loop &l : k.loops) {
      loopById[l.id] = &l;
      if (l.var)
        if (const VarInfo *v = varThroughCasts(l.var))
          loopVars.insert(v->id);
    }
    // Queue slot variables: each is linked to the AllocTensor (or DeQue) of
    // its buffer that last precedes, in program order, its first use.
    opSlots.resize(k.ops.size());
    std::map<uint32_t, int> firstUse;
    std::map<uint32_t, int> bufferOf;
    for (size_t j = 0; j < k.ops.size(); ++j)
      for (const Region &r : k.ops[j].regions) {
        if (!r.slot || r.global)
          continue;
        std::vector<std::shared_ptr<const VarInfo>> vs;
        collectVars(r.slot, vs);
        for (auto &v : vs) {
          if (v->role != VarRole::Internal || loopVars.count(v->id))
            continue;
          slotVars.insert(v->id);
          bool have = false;
          for (auto &w : opSlots[j])
            have |= w->id == v->id;
          if (!have)
            opSlots[j].push_back(v);
          if (!firstUse.count(v->id)) {
            firstUse[v->id] = int(j);
            bufferOf[v->id] = r.bufferId;
          }
        }
      }
    for (auto &[vid, use] : firstUse) {
      for (int s = use - 1; s >= 0; --s) {
        const Op &op = k.ops[s];
        if ((op.kind == OpKind::AllocTensor || op.kind == OpKind::DeQue) && op.bufferId == bufferOf[vid]) {
          slotSource[vid] = s;
          break;
        }
      }
    }
  }

  // Internal variables chosen once per execution: everything internal that
  // is neither a loop index nor a queue slot.
  std::vector<std::shared_ptr<const VarInfo>> choiceVars() {
    std::map<uint32_t, std::shared_ptr<const VarInfo>> found;
    forEachSym(k, [&](const Sym &s) {
      std::vector<std::shared_ptr<const VarInfo>> vs;
      collectVars(s, vs);
      for (auto &v : vs)
        if (v->role == VarRole::Internal && !loopVars.count(v->id) && !slotVars.count(v->id) &&
            v->name.rfind("slot(", 0) != 0)
          found[v->id] = v;
    });
    std::vector<std::shared_ptr<const VarInfo>> out;
    for (auto &[id, v] : found)
      out.push_back(v);
    std::stable_sort(out.begin(), out.end(), [](auto &a, auto &b) { return a->name < b->name; });
    return out;
  }

  // The admissible values of a choice variable, from the facts (inputs only).
  std::optional<std::pair<i128, i128>> rangeOf(const VarInfo &v, IntType type) {
    if (type.isBool)
      return std::make_pair(i128(0), i128(1));
    std::optional<i128> lo, hi;
    Execution none;
    Execution *save = ex;
    ex = &none;
    for (const Sym &f : k.facts) {
      std::vector<Sym> atoms;
      splitAnd(f, atoms);
      for (const Sym &a : atoms) {
        if (a->args.size() != 2 || a->op < SymOp::Eq || a->op > SymOp::Ge)
          continue;
        for (int side = 0; side < 2; ++side) {
          const VarInfo *x = varThroughCasts(a->args[side]);
          if (!x || x->id != v.id)
            continue;
          Evaluator e = evaluator(nullptr);
          auto other = e.eval(a->args[1 - side]);
          if (!other)
            continue;
          SymOp o = a->op;
          if (side == 1)
            o = o == SymOp::Lt   ? SymOp::Gt
                : o == SymOp::Gt ? SymOp::Lt
                : o == SymOp::Le ? SymOp::Ge
                : o == SymOp::Ge ? SymOp::Le
                                 : o;
          auto up = [&](i128 h) { hi = hi ? std::min(*hi, h) : h; };
          auto down = [&](i128 l) { lo = lo ? std::max(*lo, l) : l; };
          switch (o) {
          case SymOp::Lt:
            up(*other - 1);
            break;
          case SymOp::Le:
            up(*other);
            break;
          case SymOp::Gt:
            down(*other + 1);
            break;
          case SymOp::Ge:
            down(*other);
            break;
          case SymOp::Eq:
            up(*other);
            down(*other);
            break;
          default:
            break;
          }
        }
      }
    }
    ex = save;
    if (!lo || !hi)
      return std::nullopt;
    if (type.bits) {
      lo = std::max(*lo, i128(type.minValue()));
      hi = std::min(*hi, i128(type.maxValue()));
    }
    return std::make_pair(*lo, *hi);
  }

  // Loop iterations that emit no step (every operation skipped by its
  // condition), bounded by maxSteps as well: a loop of 2^32 iterations whose
  // body never runs must end too.
  uint64_t idle = 0;

  bool budget() {
    if ((tr.length >= cfg.maxSteps || idle >= cfg.maxSteps) && !stop) {
      tr.ok = false;
      tr.truncated = true;
      tr.error = tr.length >= cfg.maxSteps ? "the trace exceeds " + std::to_string(cfg.maxSteps) +
                                                 " operation instances (SimConfig::maxSteps)"
                                           : "the expansion exceeds " + std::to_string(cfg.maxSteps) +
                                                 " loop iterations that run no operation (SimConfig::maxSteps)";
      stop = true;
    }
    return !stop;
  }

  std::string assumptionText(const Assumption &a) {
    return "assumption '" + (a.text.empty() ? toString(a.expr) : a.text) + "'" +
           (a.loc.valid() ? " (line " + std::to_string(a.loc.line) + ")" : "");
  }

  // false: the assumption is known to be false here.
  bool holds(const Assumption &a, Evaluator &e) {
    auto c = e.truth(a.cond);
    if (!c || !*c)
      return true;
    auto x = e.truth(a.expr);
    return !x || *x;
  }

  void emit(int j, const std::string &unknown = "") {
    if (!budget())
      return;
    const Op &op = k.ops[j];
    TraceStep st;
    st.op = j;
    st.internals = loopStack;
    for (auto &v : opSlots[j]) {
      if (auto pin = cfg.pinned.find(v->name); pin != cfg.pinned.end()) {
        st.internals.push_back({v, pin->second});
        continue;
      }
      auto src = slotSource.find(v->id);
      if (src == slotSource.end())
        continue;
      auto h = handed.find(src->second);
      if (h != handed.end() && h->second)
        st.internals.push_back({v, *h->second});
    }
    Evaluator e = evaluator(&st);
    auto c = e.truth(op.cond);
    if (c && !*c)
      return; // the branch is not taken
    st.condUnknown = !c;
    st.unknown = unknown;
    bool queueOp = op.bufferId >= 0 && op.bufferId < int(k.buffers.size()) &&
                   (op.kind == OpKind::AllocTensor || op.kind == OpKind::DeQue || op.kind == OpKind::EnQue);
    if (queueOp) {
      int b = op.bufferId;
      if (!c || !unknown.empty())
        unsure.insert(b);
      bool isQueue = k.buffers[b].kind == Buffer::Kind::Queue;
      if (op.kind == OpKind::AllocTensor) {
        std::optional<int64_t> slot;
        Evaluator en = evaluator(&st);
        auto num = en.eval(k.buffers[b].num);
        if (isQueue && !unsure.count(b) && num && *num > 0)
          slot = int64_t(allocCounter[b]++ % uint64_t(*num));
        handed[j] = slot;
        st.slot = slot;
      } else if (op.kind == OpKind::EnQue) {
        std::optional<int64_t> slot;
        if (!op.regions.empty() && op.regions[0].slot) {
          Evaluator es = evaluator(&st, false);
          if (auto v = es.eval(op.regions[0].slot))
            slot = int64_t(*v);
        }
        fifo[b].push_back(unsure.count(b) ? std::nullopt : slot);
        st.slot = slot;
      } else { // DeQue
        std::optional<int64_t> slot;
        if (!fifo[b].empty()) {
          slot = fifo[b].front();
          fifo[b].pop_front();
        } else if (!unsure.count(b)) {
          tr.notes.push_back("DeQue on '" + k.buffers[b].name + "' with nothing enqueued (line " +
                             std::to_string(op.loc.line) + ")");
        }
        if (unsure.count(b))
          slot.reset();
        handed[j] = slot;
        st.slot = slot;
      }
    }
    // Assumptions in scope: the loop ones, and top-level ones the execution
    // level could not decide.
    for (const Assumption &a : k.assumptions) {
      bool scoped = !a.loops.empty() && isPrefix(a.loops, op.loops);
      bool late = std::find(deferred.begin(), deferred.end(), &a) != deferred.end();
      if (!scoped && !late)
        continue;
      Evaluator ea = evaluator(&st, false);
      if (!holds(a, ea)) {
        st.inadmissible = assumptionText(a) + " is false";
        break;
      }
    }
    ex->steps.push_back(std::move(st));
    ++tr.length;
  }

  void emitUnknownBlock(int i, int j, const std::string &why) {
    for (int m = i; m < j && !stop; ++m) {
      const Op &op = k.ops[m];
      if (op.bufferId >= 0 && (op.kind == OpKind::AllocTensor || op.kind == OpKind::DeQue || op.kind == OpKind::EnQue))
        unsure.insert(op.bufferId);
      emit(m, why);
    }
  }

  void runLoop(int id, int i, int j, size_t depth) {
    auto it = loopById.find(id);
    if (it == loopById.end()) {
      emitUnknownBlock(i, j, "loop " + std::to_string(id) + " is not in the model");
      return;
    }
    const Loop &L = *it->second;
    std::string where = L.loc.valid() ? " at line " + std::to_string(L.loc.line) : "";
    Evaluator e = evaluator(nullptr);
    auto c = e.truth(L.cond);
    if (c && !*c)
      return;
    if (!L.var || !L.hi || !L.lo) {
      emitUnknownBlock(i, j, "the loop" + where + " has no known trip count");
      return;
    }
    auto lo = e.eval(L.lo), hi = e.eval(L.hi);
    auto step = L.step ? e.eval(L.step) : std::optional<i128>(1);
    if (!lo || !hi || !step || *step == 0) {
      emitUnknownBlock(i, j,
                       "the bounds of the loop" + where + " are not known: " + (e.why.empty() ? "step 0" : e.why));
      return;
    }
    const VarInfo *v = varThroughCasts(L.var);
    IntType vt = L.var->type;
    std::shared_ptr<const VarInfo> vinfo = L.var->op == SymOp::Var ? L.var->var : nullptr;
    if (!v || !vinfo) {
      emitUnknownBlock(i, j, "the loop" + where + " has no induction variable");
      return;
    }
    i128 first = *lo;
    auto pin = cfg.pinned.find(vinfo->name);
    if (pin != cfg.pinned.end()) { // only the pinned iteration, if it is one
      i128 p = pin->second;
      bool member = (*step > 0 ? p >= *lo && p < *hi : p <= *lo && p > *hi) && (p - *lo) % *step == 0;
      if (!member)
        return;
      first = p;
    }
    for (i128 x = first; *step > 0 ? x < *hi : x > *hi; x += *step) {
      if (!inRange(x, vt)) {
        emitUnknownBlock(i, j, "the index of the loop" + where + " leaves the range of " + vt.name());
        break;
      }
      if (!budget())
        break;
      loopStack.push_back({vinfo, int64_t(x)});
      uint64_t before = tr.length;
      walk(i, j, depth + 1);
      if (tr.length == before)
        ++idle;
      loopStack.pop_back();
      if (stop || pin != cfg.pinned.end())
        break;
    }
  }

  void walk(int begin, int end, size_t depth) {
    int i = begin;
    while (i < end && !stop) {
      const Op &op = k.ops[i];
      if (op.loops.size() <= depth) {
        emit(i);
        ++i;
        continue;
      }
      int id = op.loops[depth];
      int j = i;
      while (j < end && k.ops[j].loops.size() > depth && k.ops[j].loops[depth] == id)
        ++j;
      runLoop(id, i, j, depth);
      i = j;
    }
  }

  void runExecution(Execution &e) {
    ex = &e;
    loopStack.clear();
    allocCounter.clear();
    handed.clear();
    fifo.clear();
    unsure.clear();
    deferred.clear();
    Evaluator ev = evaluator(nullptr, false);
    for (const Sym &f : k.facts) {
      auto t = ev.truth(f);
      if (t && !*t) {
        e.admissible = false;
        e.inadmissible = "fact '" + toString(f) + "' is false";
        return;
      }
    }
    for (const Assumption &a : k.assumptions) {
      if (!a.loops.empty())
        continue;
      Evaluator ea = evaluator(nullptr, false);
      auto c = ea.truth(a.cond);
      if (c && !*c)
        continue;
      auto x = ea.truth(a.expr);
      if (c && x && !*x) {
        e.admissible = false;
        e.inadmissible = assumptionText(a) + " is false";
        return;
      }
      if (!c || !x)
        deferred.push_back(&a);
    }
    walk(0, int(k.ops.size()), 0);
  }

  void run() {
    analyse();
    // Inputs out of the range of their type are a configuration error.
    std::function<void(const Sym &)> typeCheck = [&](const Sym &s) {
      if (s->op == SymOp::Var && s->var->role == VarRole::Input) {
        auto it = cfg.inputs.find(s->var->name);
        IntType t = s->type;
        if (it != cfg.inputs.end() && !(t.bits == 64 && !t.isSigned) && !inRange(it->second, t) && tr.ok) {
          tr.ok = false;
          tr.error =
              "input '" + s->var->name + "' = " + std::to_string(it->second) + " is out of the range of " + t.name();
        }
      }
      for (auto &a : s->args)
        typeCheck(a);
    };
    forEachSym(k, typeCheck);
    if (!tr.ok)
      return;

    std::vector<std::shared_ptr<const VarInfo>> choices = choiceVars();
    struct Choice {
      std::shared_ptr<const VarInfo> var;
      i128 lo, hi;
    };
    std::vector<Choice> enumerated;
    u128 total = 1;
    for (auto &v : choices) {
      IntType type = IntType::i64();
      forEachSym(k, [&](const Sym &s) {
        std::function<void(const Sym &)> find = [&](const Sym &x) {
          if (x->op == SymOp::Var && x->var->id == v->id)
            type = x->type;
          for (auto &a : x->args)
            find(a);
        };
        find(s);
      });
      auto r = rangeOf(*v, type);
      if (auto pin = cfg.pinned.find(v->name); pin != cfg.pinned.end()) {
        if (r && (pin->second < r->first || pin->second > r->second))
          r = std::make_pair(i128(1), i128(0)); // not admissible: no execution
        else
          r = std::make_pair(i128(pin->second), i128(pin->second));
      }
      if (!r) {
        tr.notes.push_back("internal value '" + v->name + "' has no range in the facts; what depends on it is unknown");
        continue;
      }
      if (r->second < r->first) {
        total = 0;
        tr.notes.push_back("internal value '" + v->name + "' has no admissible value (" + i128Text(r->first) + " .. " +
                           i128Text(r->second) + ")");
        continue;
      }
      enumerated.push_back({v, r->first, r->second});
      total *= u128(r->second - r->first + 1);
      if (total > cfg.maxExecutions) {
        tr.ok = false;
        tr.error = "more than " + std::to_string(cfg.maxExecutions) + " executions (values of '" + v->name +
                   "' and the other block/core choices; SimConfig::maxExecutions)";
        return;
      }
    }
    if (!missing.empty())
      return; // a range needs an input the config lacks
    std::vector<i128> cur;
    for (auto &c : enumerated)
      cur.push_back(c.lo);
    for (u128 n = 0; n < total && !stop; ++n) {
      Execution e;
      for (size_t q = 0; q < enumerated.size(); ++q)
        e.choices.push_back({enumerated[q].var, int64_t(cur[q])});
      tr.executions.push_back(std::move(e));
      runExecution(tr.executions.back());
      // next combination (last variable fastest)
      for (size_t q = enumerated.size(); q-- > 0;) {
        if (cur[q] < enumerated[q].hi) {
          ++cur[q];
          break;
        }
        cur[q] = enumerated[q].lo;
      }
    }
  }
};

std::optional<Mem> memOfBuffer(const KernelModel &k, const TargetSpec &t, int b) {
  if (b < 0 || b >= int(k.buffers.size()))
    return std::nullopt;
  return t.memoryOf(k.buffers[b].memPos);
}

std::string memText(Mem m) { return std::string(memName(m)); }

// ------------------------------------------------------------- properties

enum class Prop { Capacity, CopyLen, PadLen, Address, BoundsLocal, BoundsGlobal, Path, Uninit, UnsetGlobal };

struct SiteDef {
  Prop prop;
  SimSite site;
  std::string pathText; // path-illegal: "moves L1->UB, which does not exist on ...: reason"
};

const char *checkOf(Prop p) {
  switch (p) {
  case Prop::Capacity:
    return "capacity-overflow";
  case Prop::CopyLen:
  case Prop::PadLen:
    return "align-copy-length";
  case Prop::Address:
    return "align-address";
  case Prop::BoundsLocal:
    return "bounds-local";
  case Prop::BoundsGlobal:
    return "bounds-global";
  case Prop::Path:
    return "path-illegal";
  case Prop::Uninit:
  case Prop::UnsetGlobal:
    return "uninit-read";
  }
  return "";
}

bool usesMatmul(const KernelModel &k) {
  for (const Op &op : k.ops)
    if (op.kind == OpKind::Unmodelled && op.unknownReason.find("Matmul") != std::string::npos)
      return true;
  return false;
}

// `t(i)` is recorded as a read, though `t(i) = v` stores through it.
bool mayStoreThrough(const Op &op) {
  return op.api.size() > 12 && op.api.compare(op.api.size() - 12, 12, "::operator()") == 0;
}

// uninit-read: the buffers whose contents are tracked (TPipe-laid queues and
// TBufs; pools, raw addresses and CCE memory operands may alias others).
// A raw tensor (LocalMemAllocator, LocalTensor(pos, addr, size)) is tracked
// when it sits at a constant address no other buffer of its memory can share.
bool initTracked(const KernelModel &k, const TargetSpec &t, const Buffer &b) {
  if ((b.kind == Buffer::Kind::Queue || b.kind == Buffer::Kind::TBuf) && b.pool < 0)
    return true;
  auto base = asConst(b.baseBytes), len = asConst(b.lenBytes);
  if (b.kind != Buffer::Kind::Raw || b.pool >= 0 || !base || !len)
    return false;
  for (const Buffer &o : k.buffers) {
    if (o.id == b.id || t.memoryOf(o.memPos) != t.memoryOf(b.memPos))
      continue;
    auto ob = asConst(o.baseBytes), ol = asConst(o.lenBytes);
    if (o.kind != Buffer::Kind::Raw || !ob || !ol || (*ob < *base + *len && *base < *ob + *ol))
      return false;
  }
  return true;
}

// The bytes one region of an op touches, as the hardware moves them:
// relative to the region offset, `len` bytes, and with a period only the
// first `block` bytes of each period. exact false: a write puts at least
// these, a read's bytes are not known.
struct Bytes {
  Sym len, period, block;
  bool exact = false;
};

Sym simParam(const Op &op, const char *n) {
  auto it = op.params.find(n);
  return it == op.params.end() ? nullptr : it->second;
}

Bytes bytesOf(const Op &op, const Region &rg) {
  Bytes f;
  f.len = rg.lengthBytes;
  if (!f.len)
    return f;
  Sym bc = simParam(op, "blockCount"), bl = simParam(op, "blockLen");
  auto c32 = [](Sym x) { return mkBin(SymOp::Mul, toMath(x), mkConst(32), IntType::math()); };
  if (op.kind == OpKind::ScalarRead || op.kind == OpKind::ScalarWrite || op.kind == OpKind::Cube) {
    f.exact = true;
  } else if (op.kind == OpKind::Vector) {
    f.exact = op.params.count("count") && !(op.api == "Compare" && rg.write);
  } else if (op.kind == OpKind::DataCopy) {
    if (op.params.count("count")) {
      f.exact = true;
    } else if (bc && bl && op.params.count("unit:blocks") && !op.params.count("nddma") && !op.params.count("ndNum")) {
      Sym st = simParam(op, rg.role == "src" ? "srcStride" : "dstStride");
      if (st) {
        f.period = c32(mkBin(SymOp::Add, toMath(bl), toMath(st), IntType::math()));
        f.block = c32(bl);
        f.exact = true;
      }
    } else if (bc && bl && op.api == "DataCopyPad" && !rg.global) {
      Sym st = simParam(op, rg.role == "src" ? "srcStride" : "dstStride");
      if (asConst(bc) == std::optional<int64_t>(1)) {
        f.len = mkSelect(mkCmp(SymOp::Gt, toMath(bl), mkConst(0)), toMath(bl), mkConst(0));
        f.exact = !rg.write;
      } else if (st) {
        Sym padded = mkBin(SymOp::Mul,
                           mkBin(SymOp::Div, toMath(mkBin(SymOp::Add, toMath(bl), mkConst(31), IntType::math())),
                                 mkConst(32), IntType::math()),
                           mkConst(32), IntType::math());
        f.period = mkBin(SymOp::Add, padded, c32(st), IntType::math());
        f.block = toMath(bl);
        f.exact = !rg.write;
      }
    }
  } else if (op.kind == OpKind::LoadData) {
    Sym sp = simParam(op, rg.role == "src" ? "srcStride" : "dstGap");
    int64_t v = -1; // -1: not a constant
    if (sp)
      if (auto c = asConst(sp); c && *c >= 0)
        v = *c;
    if (rg.role == "src" && v >= 0) {
      f.exact = true;
      if (v > 1) {
        f.period = mkConst(v * 512);
        f.block = mkConst(512);
      }
    } else if (rg.role == "dst") {
      f.exact = v == 0;
    }
  }
  return f;
}

// The property sites, in the order the checks visit them: capacity per
// memory, then for each check the operations and their regions in order.
std::vector<SiteDef> buildSites(const KernelModel &k, const TargetSpec &t) {
  std::vector<SiteDef> out;
  auto add = [&](Prop p, int op, int region, std::optional<Mem> mem, SourceLoc loc, std::string unknown = "") {
    SiteDef d;
    d.prop = p;
    d.site.check = checkOf(p);
    d.site.op = op;
    d.site.region = region;
    d.site.mem = mem;
    d.site.loc = loc;
    d.site.staticUnknown = std::move(unknown);
    out.push_back(d);
    return &out.back();
  };
  bool matmul = usesMatmul(k);
  // Buffers live together from their InitBuffer until TPipe::Destroy/Reset
  // (an epoch); buffers carved from a TBufPool count in the pool's buffer.
  std::set<int> epochs;
  for (const Buffer &b : k.buffers)
    epochs.insert(b.epoch);
  if (epochs.empty())
    epochs.insert(0);
  for (int epoch : epochs)
    for (const auto &[mem, spec] : t.memories) {
      if (mem == Mem::GM || !spec.allocatable || spec.usableBytes == 0)
        continue;
      const Buffer *last = nullptr, *inLoop = nullptr;
      for (const Buffer &b : k.buffers)
        if (b.epoch == epoch && b.pool < 0 && b.kind != Buffer::Kind::Memory &&
            t.memoryOf(b.memPos) == std::optional<Mem>(mem)) {
          last = &b;
          if (!b.loops.empty())
            inLoop = &b;
        }
      bool cubeMem = mem != Mem::UB;
      if (!last && !(matmul && cubeMem))
        continue;
      std::string unknown;
      if (inLoop)
        unknown = "InitBuffer of '" + inLoop->name + "' runs inside a loop";
      if (matmul && cubeMem)
        unknown = "the Matmul high-level API allocates " + memText(mem) + " from its tiling, which is not modelled";
      add(Prop::Capacity, -1, -1, mem, last ? last->loc : k.loc, unknown)->site.epoch = epoch;
    }
  for (size_t j = 0; j < k.ops.size(); ++j) {
    const Op &op = k.ops[j];
    if (op.kind != OpKind::DataCopy || op.params.count("nddma"))
      continue;
    if (op.api == "DataCopy" && op.params.count("count"))
      add(Prop::CopyLen, int(j), -1, std::nullopt, op.loc,
          op.params.count("lengthBytes") ? "" : "the DataCopy length is not modelled");
    else if (op.api == "DataCopyPad" && op.params.count("blockLen"))
      add(Prop::PadLen, int(j), -1, std::nullopt, op.loc);
  }
  for (size_t j = 0; j < k.ops.size(); ++j) {
    const Op &op = k.ops[j];
    if (op.kind != OpKind::DataCopy && op.kind != OpKind::Vector && op.kind != OpKind::LoadData &&
        op.kind != OpKind::Cube && op.kind != OpKind::Fixpipe)
      continue;
    for (size_t r = 0; r < op.regions.size(); ++r) {
      const Region &rg = op.regions[r];
      if (rg.global || rg.bufferId < 0 || rg.bufferId >= int(k.buffers.size()))
        continue;
      auto mem = memOfBuffer(k, t, rg.bufferId);
      if (!mem || k.buffers[rg.bufferId].pool >= 0) // inside a TBufPool: its place in the pool is not modelled
        continue;
      const MemorySpec *spec = t.memory(*mem);
      if (!spec || spec->alignBytes <= 1)
        continue;
      add(Prop::Address, int(j), int(r), mem, op.loc);
    }
  }
  for (size_t j = 0; j < k.ops.size(); ++j) {
    const Op &op = k.ops[j];
    if (op.kind == OpKind::EnQue || op.kind == OpKind::FreeTensor || op.kind == OpKind::DeQue ||
        op.kind == OpKind::AllocTensor)
      continue;
    for (size_t r = 0; r < op.regions.size(); ++r) {
      const Region &rg = op.regions[r];
      if (rg.global)
        continue;
      std::string what = op.api + " " + rg.role, unknown;
      if (rg.bufferId < 0 || rg.bufferId >= int(k.buffers.size()))
        unknown = "the buffer of " + what + " is not known";
      else if (!rg.lengthBytes)
        unknown = op.unknownReason.empty() ? "extent of " + what + " is not modelled" : op.unknownReason;
      else if (k.buffers[rg.bufferId].kind == Buffer::Kind::BufPool)
        unknown = "buffers from a TBufPool are not modelled";
      else if (k.buffers[rg.bufferId].kind == Buffer::Kind::Memory)
        unknown = "raw addresses of CCE intrinsics are not simulated";
      add(Prop::BoundsLocal, int(j), int(r), memOfBuffer(k, t, rg.bufferId), op.loc, unknown);
    }
  }
  for (size_t j = 0; j < k.ops.size(); ++j) {
    const Op &op = k.ops[j];
    if (op.kind != OpKind::DataCopy && op.kind != OpKind::ScalarRead && op.kind != OpKind::ScalarWrite &&
        op.kind != OpKind::LoadData && op.kind != OpKind::Fixpipe)
      continue;
    for (size_t r = 0; r < op.regions.size(); ++r) {
      const Region &rg = op.regions[r];
      if (!rg.global)
        continue;
      std::string what = op.api + " " + rg.role, unknown;
      const GlobalBuf *g = rg.bufferId >= 0 && rg.bufferId < int(k.globals.size()) ? &k.globals[rg.bufferId] : nullptr;
      if (!g)
        unknown = "the GM tensor of " + what + " is not set up by SetGlobalBuffer";
      else if (!g->sizeElems)
        unknown = "SetGlobalBuffer of '" + g->name + "' gives no size";
      else if (!rg.lengthBytes)
        unknown = op.unknownReason.empty() ? "extent of " + what + " is not modelled" : op.unknownReason;
      add(Prop::BoundsGlobal, int(j), int(r), Mem::GM, op.loc, unknown);
    }
  }
  for (size_t j = 0; j < k.ops.size(); ++j) {
    const Op &op = k.ops[j];
    if (op.kind != OpKind::DataCopy && op.kind != OpKind::LoadData && op.kind != OpKind::Fixpipe)
      continue;
    if (op.params.count("nddma") && !t.hasNdDma) { // the NDDMA engine exists on some chips only
      add(Prop::Path, int(j), -1, std::nullopt, op.loc)->pathText =
          "uses the NDDMA engine, which " + t.name + " does not have";
      continue;
    }
    if (op.srcPos == TPos::MAX || op.dstPos == TPos::MAX)
      continue;
    auto src = t.memoryOf(op.srcPos), dst = t.memoryOf(op.dstPos);
    if (!src || !dst)
      continue;
    const IllegalPathSpec *bad = t.findIllegal(*src, *dst);
    const PathSpec *good = t.findPath(*src, *dst);
    std::string pathS = memText(*src) + "->" + memText(*dst);
    if (!bad && good)
      continue; // legal (possibly emulated: a direct warning of the check, not a property)
    if (!bad && *src == *dst)
      continue;
    SiteDef *d = add(Prop::Path, int(j), -1, std::nullopt, op.loc,
                     bad ? "" : "path " + pathS + " is not in the " + t.name + " model");
    d->pathText = "moves " + pathS + ", which does not exist on " + t.name +
                  (bad && !bad->reason.empty() ? ": " + bad->reason : "");
  }
  // uninit-read: every local read; every GM access through a GlobalTensor
  // never set up (bufferId -2).
  for (size_t j = 0; j < k.ops.size(); ++j) {
    const Op &op = k.ops[j];
    if (!accessesMemory(op.kind))
      continue;
    for (size_t r = 0; r < op.regions.size(); ++r) {
      const Region &rg = op.regions[r];
      if (rg.global) {
        if (rg.bufferId == -2)
          add(Prop::UnsetGlobal, int(j), int(r), Mem::GM, op.loc);
        continue;
      }
      if (rg.write)
        continue;
      std::string unknown;
      if (rg.bufferId < 0 || rg.bufferId >= int(k.buffers.size()))
        unknown = "the buffer is not known";
      else if (!initTracked(k, t, k.buffers[rg.bufferId]))
        unknown = "initialisation of this buffer is not tracked";
      else if (mayStoreThrough(op))
        unknown = "'" + op.api + "' may be a store";
      else if (!rg.lengthBytes || !bytesOf(op, rg).exact)
        unknown = "the bytes read are not modelled exactly";
      add(Prop::Uninit, int(j), int(r), memOfBuffer(k, t, rg.bufferId), op.loc, unknown);
    }
  }
  return out;
}

i128 ceil32(i128 v) { return (v + 31) / 32 * 32; } // truncating, as the checks define it

// Per execution: where each buffer starts in its memory, the way TPipe lays
// them out (InitBuffer order, only the InitBuffer calls that ran, each taking
// num x ceil32(len) bytes). nullopt: unknown, with the reason.
struct Layout {
  std::vector<std::optional<i128>> base;
  std::vector<std::string> why;
};

Layout layoutOf(const KernelModel &k, const TargetSpec &t, Evaluator &e) {
  Layout l;
  l.base.resize(k.buffers.size());
  l.why.resize(k.buffers.size());
  // Per (epoch, memory): TPipe::Destroy/Reset start the layout again at 0.
  std::map<std::pair<int, Mem>, std::optional<i128>> nextOf;
  std::map<std::pair<int, Mem>, std::string> whyOf;
  for (size_t b = 0; b < k.buffers.size(); ++b) {
    const Buffer &buf = k.buffers[b];
    auto mem = t.memoryOf(buf.memPos);
    if (!mem)
      continue;
    if (buf.pool >= 0) {
      l.why[b] = "'" + buf.name + "' is carved from a TBufPool";
      continue;
    }
    if (buf.kind == Buffer::Kind::Memory) {
      l.why[b] = "raw addresses of CCE intrinsics are not simulated";
      continue;
    }
    if (buf.kind == Buffer::Kind::Raw) { // placed by address, outside TPipe's layout
      e.why.clear();
      l.base[b] = buf.baseBytes ? e.eval(buf.baseBytes) : std::nullopt;
      l.why[b] = "the address of '" + buf.name + "' is not known: " + e.why;
      continue;
    }
    auto key = std::make_pair(buf.epoch, *mem);
    if (!nextOf.count(key))
      nextOf[key] = i128(0);
    std::optional<i128> &next = nextOf[key];
    std::string &nextWhy = whyOf[key];
    l.base[b] = next;
    l.why[b] = nextWhy;
    if (!next)
      continue;
    if (!buf.loops.empty()) {
      next.reset();
      nextWhy = "InitBuffer of '" + buf.name + "' runs inside a loop";
      continue;
    }
    e.why.clear();
    auto ran = e.truth(buf.cond);
    if (ran && !*ran)
      continue; // this InitBuffer did not run: it takes no space
    auto num = e.eval(buf.num), len = e.eval(buf.lenBytes);
    if (!ran || !num || !len) {
      next.reset();
      nextWhy = "the layout of " + memText(*mem) + " is not known at '" + buf.name + "': " + e.why;
      continue;
    }
    i128 bytes;
    if (__builtin_mul_overflow(*num, ceil32(*len), &bytes) || __builtin_add_overflow(*next, bytes, &*next)) {
      next.reset();
      nextWhy = "the layout of " + memText(*mem) + " exceeds 2^127 bytes";
    }
  }
  return l;
}

} // namespace

// A mixed cube+vector kernel: a MIX kernel type, cube work (AIC code, cube
// pipes, L1/L0 buffers, the Matmul API) or one core side of a file the build
// compiles per side. AscendC reserves some memory for these only (910B UB:
// 256 B "在Cube和Vector融合算子开发场景", asc-devkit docs/zh/guide/编程指南/
// 高级编程/硬件实现/架构规格/NPU架构版本2201.md); KERNEL_TYPE_AIV_ONLY and
// KERNEL_TYPE_AIC_ONLY kernels are not mixed.
bool isMixedKernel(const KernelModel &k, const TargetSpec &t) {
  enum { AIV_ONLY = 0, AIC_ONLY = 1 };
  if (k.kernelType)
    return *k.kernelType != AIV_ONLY && *k.kernelType != AIC_ONLY;
  if (usesMatmul(k))
    return true;
  for (const std::string &part : {std::string("AIC"), std::string("AIV")})
    if (k.variant == part || k.variant.find(", " + part) != std::string::npos)
      return true;
  for (const Op &op : k.ops)
    if (op.core == CoreType::AIC || op.pipe == Pipe::M || op.pipe == Pipe::MTE1 || op.pipe == Pipe::FIX)
      return true;
  for (const Buffer &b : k.buffers) {
    auto mem = t.memoryOf(b.memPos);
    if (mem && *mem != Mem::UB && *mem != Mem::GM)
      return true;
  }
  return false;
}

// NPU arch 2201 (910B, 910_93): of the 192 KiB of UB, AscendC keeps 256 B
// (ASC_UB_SIZE = 192 KiB - 256, the target's usable_bytes) "在Cube和Vector融合
// 算子开发场景" only; a kernel that is not mixed has the whole capacity
// (TOTAL_UB_SIZE = 192 KiB, impl/basic_api/utils/kernel_utils_constants.h, and
// the CPU-mode InitBuffer limit, kernel_utils_mode_cpu.h). Sources in
// docs/checks/capacity-overflow.md.
uint64_t allocatableBytes(const MemorySpec &spec, const KernelModel &k, const TargetSpec &t) {
  if (spec.mem == Mem::UB && t.npuArch == 2201 && spec.capacityBytes > spec.usableBytes &&
      spec.capacityBytes - spec.usableBytes == 256 && !isMixedKernel(k, t))
    return spec.capacityBytes;
  return spec.usableBytes;
}

std::optional<int64_t> evalAt(const Sym &s, const SimConfig &cfg, const Execution &ex, const TraceStep *step,
                              std::string *why) {
  Evaluator e{cfg};
  e.ex = &ex;
  e.step = step;
  auto v = e.eval(s);
  if (!v || *v > i128(UINT64_MAX) || *v < i128(INT64_MIN)) {
    if (why)
      *why = v ? "the value does not fit 64 bits" : e.why;
    return std::nullopt;
  }
  return int64_t(*v);
}

Trace expandTrace(const KernelModel &k, const SimConfig &cfg) {
  Trace tr;
  Expander x(k, cfg, tr);
  x.run();
  tr.missingInputs.assign(x.missing.begin(), x.missing.end());
  if (tr.ok && !tr.missingInputs.empty()) {
    tr.ok = false;
    tr.error = "no value for input";
    for (size_t i = 0; i < tr.missingInputs.size(); ++i)
      tr.error += (i ? ", '" : " '") + tr.missingInputs[i] + "'";
  }
  return tr;
}

bool SimResult::failedAt(const std::string &check, int op) const {
  auto it = findings.find(check);
  if (it != findings.end())
    for (const SimFinding &f : it->second)
      if (f.op == op)
        return true;
  for (const SimSite &s : sites)
    if (s.check == check && s.op == op && s.failed)
      return true;
  return false;
}

const std::vector<SimFinding> &SimResult::of(const std::string &check) const {
  static const std::vector<SimFinding> none;
  auto it = findings.find(check);
  return it == findings.end() ? none : it->second;
}

SimResult simulate(const KernelModel &k, const TargetSpec &t, const SimConfig &cfg) {
  SimResult res;
  Trace tr;
  {
    Expander x(k, cfg, tr);
    x.run();
    tr.missingInputs.assign(x.missing.begin(), x.missing.end());
  }
  res.traceLength = tr.length;
  res.executions = tr.executions.size();
  res.notes = tr.notes;
  if (!tr.ok) {
    res.ok = false;
    res.error = tr.error;
    res.truncated = tr.truncated;
    if (!tr.truncated)
      return res; // else: evaluate the prefix that ran
  }
  std::set<std::string> missing(tr.missingInputs.begin(), tr.missingInputs.end());

  std::vector<SiteDef> defs = buildSites(k, t);
  std::vector<std::vector<int>> sitesOfOp(k.ops.size());
  std::vector<int> capacitySites;
  for (size_t s = 0; s < defs.size(); ++s) {
    if (defs[s].site.op >= 0)
      sitesOfOp[defs[s].site.op].push_back(int(s));
    else
      capacitySites.push_back(int(s));
  }

  auto record = [&](SiteDef &d, std::optional<bool> pass, const std::string &why, const std::string &message,
                    int execution, const Execution &ex, const TraceStep *step) {
    SimSite &s = d.site;
    SimCounts &c = res.counts[s.check];
    ++s.instances;
    ++c.instances;
    if (!pass) {
      ++s.unknown;
      ++c.unknown;
      if (s.unknownReason.empty())
        s.unknownReason = why;
      return;
    }
    if (*pass)
      return;
    ++s.failed;
    ++c.failed;
    if (s.failed > cfg.maxFindingsPerSite)
      return;
    SimFinding f;
    f.check = s.check;
    f.op = s.op;
    f.region = s.region;
    f.mem = s.mem;
    f.epoch = s.epoch;
    f.loc = s.loc;
    f.execution = execution;
    for (auto &v : ex.choices)
      f.values.push_back({v.var->name, v.value});
    if (step)
      for (auto &v : step->internals)
        f.values.push_back({v.var->name, v.value});
    f.message = message + (f.values.empty() ? "" : " (" + valuesText(f.values) + ")");
    res.findings[s.check].push_back(std::move(f));
  };

  for (size_t xi = 0; xi < tr.executions.size(); ++xi) {
    const Execution &ex = tr.executions[xi];
    if (!ex.admissible) {
      ++res.inadmissibleExecutions;
      if (res.inadmissible.size() < 8)
        res.inadmissible.push_back(ex.inadmissible);
      continue;
    }
    Evaluator base{cfg};
    base.ex = &ex;
    base.missing = &missing;

    // capacity-overflow: one instance per memory and execution.
    for (int si : capacitySites) {
      SiteDef &d = defs[si];
      if (!d.site.staticUnknown.empty()) {
        record(d, std::nullopt, d.site.staticUnknown, "", int(xi), ex, nullptr);
        continue;
      }
      Mem mem = *d.site.mem;
      const MemorySpec *spec = t.memory(mem);
      i128 total = 0;
      std::optional<bool> pass = true;
      std::string why;
      for (const Buffer &b : k.buffers) {
        if (b.epoch != d.site.epoch || b.pool >= 0 || b.kind == Buffer::Kind::Raw || b.kind == Buffer::Kind::Memory ||
            t.memoryOf(b.memPos) != std::optional<Mem>(mem))
          continue;
        Evaluator e = base;
        auto ran = e.truth(b.cond);
        if (ran && !*ran)
          continue;
        auto num = e.eval(b.num), len = e.eval(b.lenBytes);
        if (!ran || !num || !len) {
          pass.reset();
          why = "'" + b.name + "': " + e.why;
          break;
        }
        i128 bytes;
        if (__builtin_mul_overflow(*num, ceil32(*len), &bytes) || __builtin_add_overflow(total, bytes, &total)) {
          pass.reset();
          why = "the total exceeds 2^127";
          break;
        }
      }
      // The SIMT Data Cache the launch leaves takes its share of UB (as capacity-overflow).
      uint64_t limit = allocatableBytes(*spec, k, t);
      if (mem == Mem::UB && t.simt && k.simtDCacheBytes)
        limit = limit > *k.simtDCacheBytes ? limit - *k.simtDCacheBytes : 0;
      if (pass)
        pass = total <= i128(limit);
      record(d, pass, why,
             memText(mem) + " buffers need " + i128Text(total) + " bytes but " + t.name + " has " +
                 std::to_string(limit) + " bytes of " + memText(mem) +
                 (limit != allocatableBytes(*spec, k, t) ? " besides the SIMT Data Cache" : ""),
             int(xi), ex, nullptr);
    }

    Evaluator le = base;
    Layout layout = layoutOf(k, t, le);

    // uninit-read: the bytes written so far per (buffer, slot), as disjoint
    // [start, end) intervals; a buffer some write of unknown or inexact
    // extent may have touched is `uncertain` (a read it does not cover is
    // then unknown, not a finding).
    std::map<std::pair<int, i128>, std::map<i128, i128>> written;
    std::set<int> uncertain;
    // The concrete byte intervals of a region at a step (slot-relative).
    auto intervals = [&](const Op &op, const Region &rg, Evaluator &e, bool &exact,
                         std::vector<std::pair<i128, i128>> &out) -> bool {
      Bytes f = bytesOf(op, rg);
      exact = f.exact;
      if (!f.len)
        return false;
      auto off = e.eval(rg.offsetBytes);
      auto len = off ? e.eval(f.len) : std::nullopt;
      if (!len)
        return false;
      if (!f.period) {
        if (*len > 0)
          out.push_back({*off, *off + *len});
        return true;
      }
      auto per = e.eval(f.period);
      auto blk = per ? e.eval(f.block) : std::nullopt;
      if (!blk || *per <= 0 || *len / *per > 100000)
        return false;
      for (i128 p = 0; p < *len; p += *per)
        out.push_back({*off + p, *off + std::min(p + *blk, *len)});
      return true;
    };
    auto slotOfRegion = [&](const Region &rg, Evaluator &e) -> std::optional<i128> {
      if (!rg.slot)
        return 0;
      return e.eval(rg.slot);
    };
    auto applyWrites = [&](const TraceStep &st) {
      const Op &op = k.ops[st.op];
      if (!accessesMemory(op.kind) && op.kind != OpKind::Unmodelled)
        return;
      if (op.kind == OpKind::Unmodelled && op.regions.empty()) { // may store through raw addresses
        for (size_t b = 0; b < k.buffers.size(); ++b)
          uncertain.insert(int(b));
        return;
      }
      for (const Region &rg : op.regions) {
        if ((!rg.write && !mayStoreThrough(op)) || rg.global)
          continue;
        if (mayStoreThrough(op) && rg.bufferId >= 0 && rg.bufferId < int(k.buffers.size())) {
          uncertain.insert(rg.bufferId);
          continue;
        }
        if (rg.bufferId < 0 || rg.bufferId >= int(k.buffers.size())) {
          for (size_t b = 0; b < k.buffers.size(); ++b)
            uncertain.insert(int(b));
          continue;
        }
        if (!initTracked(k, t, k.buffers[rg.bufferId])) { // may alias any buffer of its memory
          auto m = memOfBuffer(k, t, rg.bufferId);
          for (size_t b = 0; b < k.buffers.size(); ++b)
            if (memOfBuffer(k, t, int(b)) == m)
              uncertain.insert(int(b));
          continue;
        }
        Evaluator e = base;
        e.step = &st;
        bool exact = false;
        std::vector<std::pair<i128, i128>> iv;
        auto slot = slotOfRegion(rg, e);
        if (!slot || !intervals(op, rg, e, exact, iv) || st.condUnknown || !st.unknown.empty()) {
          uncertain.insert(rg.bufferId);
          continue;
        }
        if (!exact)
          uncertain.insert(rg.bufferId);
        auto &set = written[{rg.bufferId, *slot}];
        for (auto [a, b] : iv) { // insert [a, b), merging neighbours
          auto it = set.upper_bound(a);
          if (it != set.begin() && std::prev(it)->second >= a) {
            --it;
            a = std::min(a, it->first);
          }
          while (it != set.end() && it->first <= b) {
            b = std::max(b, it->second);
            it = set.erase(it);
          }
          set[a] = b;
        }
      }
    };

    for (const TraceStep &st : ex.steps) {
      if (!st.inadmissible.empty()) {
        ++res.inadmissibleSteps;
        applyWrites(st);
        continue;
      }
      const Op &op = k.ops[st.op];
      for (int si : sitesOfOp[st.op]) {
        SiteDef &d = defs[si];
        if (!st.unknown.empty() || !d.site.staticUnknown.empty()) {
          record(d, std::nullopt, !st.unknown.empty() ? st.unknown : d.site.staticUnknown, "", int(xi), ex, &st);
          continue;
        }
        Evaluator e = base;
        e.step = &st;
        std::optional<bool> pass;
        std::string msg;
        const Region *rg = d.site.region >= 0 ? &op.regions[d.site.region] : nullptr;
        switch (d.prop) {
        case Prop::Capacity:
          break;
        case Prop::CopyLen: {
          auto len = e.eval(op.params.at("lengthBytes"));
          if (len) {
            pass = *len % 32 == 0;
            msg = "DataCopy length " + i128Text(*len) + " bytes is not a multiple of 32 bytes";
          }
          break;
        }
        case Prop::PadLen: {
          auto bl = e.eval(op.params.at("blockLen"));
          int64_t elem = 0;
          auto eb = op.params.find("elemBytes");
          if (eb != op.params.end())
            elem = asConst(eb->second).value_or(0);
          if (bl) {
            pass = *bl <= 2097151 && (elem <= 1 || *bl % elem == 0);
            msg = "DataCopyPad blockLen " + i128Text(*bl) +
                  " bytes: it must be a multiple of sizeof(T) = " + std::to_string(elem) + " and at most 2097151";
          }
          break;
        }
        case Prop::Address: {
          const Buffer &b = k.buffers[rg->bufferId];
          std::optional<i128> start = layout.base[rg->bufferId];
          if (!start) {
            e.why = layout.why[rg->bufferId];
            break;
          }
          auto off = e.eval(rg->offsetBytes);
          if (!off)
            break;
          *start += *off;
          if (rg->slot) {
            auto slot = e.eval(rg->slot);
            auto len = e.eval(b.lenBytes);
            if (!slot || !len)
              break;
            *start += *slot * ceil32(*len);
          }
          i128 align = t.memory(*d.site.mem)->alignBytes;
          pass = *start % align == 0;
          msg = op.api + " " + rg->role + " in '" + b.name + "' starts at " + memText(*d.site.mem) + " offset " +
                i128Text(*start) + ", not a multiple of the " + i128Text(align) + "-byte alignment";
          break;
        }
        case Prop::BoundsLocal: {
          const Buffer &b = k.buffers[rg->bufferId];
          auto off = e.eval(rg->offsetBytes);
          auto len = off ? e.eval(rg->lengthBytes) : std::nullopt;
          auto blen = len ? e.eval(b.lenBytes) : std::nullopt;
          if (!blen)
            break;
          i128 cap = b.kind == Buffer::Kind::Raw ? *blen : ceil32(*blen);
          pass = *off >= 0 && *off + *len <= cap;
          msg = op.api + " " + rg->role + " in '" + b.name + "' covers bytes [" + i128Text(*off) + ", " +
                i128Text(*off + *len) + ") of a " + i128Text(cap) + "-byte buffer";
          break;
        }
        case Prop::BoundsGlobal: {
          const GlobalBuf &g = k.globals[rg->bufferId];
          auto off = e.eval(rg->offsetBytes);
          auto len = off ? e.eval(rg->lengthBytes) : std::nullopt;
          auto size = len ? e.eval(g.sizeElems) : std::nullopt;
          if (!size)
            break;
          i128 cap = *size * i128(g.elemBytes);
          pass = *off >= 0 && *off + *len <= cap;
          msg = op.api + " " + rg->role + " of '" + g.name + "' covers bytes [" + i128Text(*off) + ", " +
                i128Text(*off + *len) + ") of a " + i128Text(cap) + "-byte GM tensor";
          break;
        }
        case Prop::Path:
          pass = false;
          msg = op.api + " " + d.pathText;
          break;
        case Prop::UnsetGlobal:
          pass = false;
          msg = op.api + " " + rg->role + ": the GlobalTensor was never given an address by SetGlobalBuffer";
          break;
        case Prop::Uninit: {
          bool exact = false;
          std::vector<std::pair<i128, i128>> iv;
          auto slot = slotOfRegion(*rg, e);
          if (!slot || !intervals(op, *rg, e, exact, iv))
            break;
          const auto &set = written[{rg->bufferId, *slot}];
          std::optional<i128> gap;
          for (auto [a, b] : iv) {
            auto it = set.upper_bound(a);
            if (it == set.begin() || std::prev(it)->second < b) {
              // the first byte of [a, b) not written
              i128 x = a;
              if (it != set.begin() && std::prev(it)->second > a)
                x = std::prev(it)->second;
              gap = x;
              break;
            }
          }
          if (!gap) {
            pass = true;
          } else if (uncertain.count(rg->bufferId)) {
            e.why = "a write of inexact extent may have covered it";
          } else {
            pass = false;
            msg = op.api + " " + rg->role + " reads byte " + i128Text(*gap) + " of '" + k.buffers[rg->bufferId].name +
                  "' (slot " + i128Text(*slot) + "), which nothing wrote before";
          }
          break;
        }
        }
        std::string why = e.why;
        if (pass && !*pass && st.condUnknown) {
          pass.reset();
          why = "the path condition is not known";
        }
        record(d, pass, why, msg, int(xi), ex, &st);
      }
      applyWrites(st);
    }
  }
  for (SiteDef &d : defs)
    res.sites.push_back(d.site);
  if (!missing.empty() && res.ok) {
    res.ok = false;
    res.error = "no value for input";
    size_t i = 0;
    for (auto &m : missing)
      res.error += (i++ ? ", '" : " '") + m + "'";
  }
  return res;
}

} // namespace alint::model
