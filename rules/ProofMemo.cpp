#include "rules/ProofMemo.h"

#include <unordered_map>

namespace alint {

namespace {

// Past this a key costs more to build and keep than most queries take.
constexpr size_t kMaxKeyBytes = 1 << 16;

struct KeyWriter {
  std::string out;
  std::unordered_map<const SymNode *, size_t> nodeAt; // node -> its number (shared subterms once)
  std::unordered_map<uint32_t, size_t> varAt;         // variable id -> first-occurrence number
  bool tooBig = false;

  size_t node(const Sym &s) {
    if (auto it = nodeAt.find(s.get()); it != nodeAt.end())
      return it->second;
    std::vector<size_t> args;
    for (const Sym &a : s->args)
      args.push_back(node(a));
    std::string n = "(" + std::to_string(int(s->op)) + ":" + std::to_string(int(s->type.bits)) +
                    (s->type.isSigned ? "s" : "u") + (s->type.isBool ? "b" : "");
    if (s->op == SymOp::Const || s->op == SymOp::BoolConst)
      n += "=" + std::to_string(s->value);
    if (s->op == SymOp::Var && s->var) {
      const VarInfo &v = *s->var;
      auto [it, fresh] = varAt.emplace(v.id, varAt.size());
      n += " v" + std::to_string(it->second);
      if (fresh) // what the solver reads of a variable, said once
        n += " " + std::to_string(v.name.size()) + ":" + v.name + " " + std::to_string(int(v.role)) + " " +
             std::to_string(int(v.choice)) + " " + std::to_string(v.reason.size()) + ":" + v.reason;
    }
    for (size_t a : args)
      n += " #" + std::to_string(a);
    n += ")";
    out += n;
    tooBig |= out.size() > kMaxKeyBytes;
    size_t id = nodeAt.size();
    nodeAt.emplace(s.get(), id);
    return id;
  }
  void root(const char *tag, const Sym &s) {
    if (!s) {
      out += tag;
      out += "null;";
      return;
    }
    size_t id = node(s);
    out += tag + std::to_string(id) + ";";
  }
};

struct Memo {
  const Solver *owner = nullptr;
  std::unordered_map<std::string, Verdict> verdicts;
};

Memo &memo() {
  static Memo m;
  return m;
}

} // namespace

std::string canonicalObligationKey(const Obligation &ob) {
  KeyWriter w;
  w.root("P", ob.property);
  for (const Sym &c : ob.context) {
    w.root("C", c);
    if (w.tooBig)
      return {};
  }
  for (const auto &[name, term] : ob.report)
    w.root(("R" + std::to_string(name.size()) + ":" + name + "=").c_str(), term);
  if (w.tooBig)
    return {};
  return std::move(w.out);
}

Verdict checkMemoised(Solver &solver, const Obligation &ob) {
  if (!ob.unknownReason.empty())
    return solver.check(ob);
  Memo &m = memo();
  if (m.owner != &solver) { // a new file: its own memo
    m.owner = &solver;
    m.verdicts.clear();
  }
  std::string key = canonicalObligationKey(ob);
  if (key.empty())
    return solver.check(ob);
  if (auto it = m.verdicts.find(key); it != m.verdicts.end()) {
    Verdict v = it->second;
    v.cached = true;
    return v;
  }
  Verdict v = solver.check(ob);
  if (v.status != Status::Unknown)
    m.verdicts.emplace(std::move(key), v);
  return v;
}

} // namespace alint
