// Symbolic integer expressions: the values the frontend tracks (tiling fields,
// kernel arguments, loop indices, sizes) and the terms the rules put in proof
// obligations. Nodes are immutable and shared. Every integer node carries the
// C++ type it was computed in (width and signedness) so that smt/ can model
// wrap-around exactly; comparisons and logical nodes are boolean.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace alint {

enum class SymOp : uint8_t {
  Const,
  Var,
  // arithmetic (C++ semantics in the node's type)
  Add,
  Sub,
  Mul,
  Div, // truncating
  Rem,
  Shl,
  Shr,
  BitAnd,
  BitOr,
  BitXor,
  BitNot,
  Neg,
  Min,
  Max,
  Cast,   // convert args[0] into this node's type
  Select, // args: cond, then, else
  // boolean
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  LAnd,
  LOr,
  LNot,
  BoolConst,
};

// The C++ integer type of a value. bits == 0: a mathematical integer (sizes
// the tool computes itself, never wraps). isBool: a truth value.
struct IntType {
  uint8_t bits = 0;
  bool isSigned = true;
  bool isBool = false;
  static IntType math() { return {0, true, false}; }
  static IntType boolean() { return {1, false, true}; }
  static IntType i32() { return {32, true, false}; }
  static IntType u32() { return {32, false, false}; }
  static IntType i64() { return {64, true, false}; }
  static IntType u64() { return {64, false, false}; }
  bool operator==(const IntType &o) const { return bits == o.bits && isSigned == o.isSigned && isBool == o.isBool; }
  bool operator!=(const IntType &o) const { return !(*this == o); }
  // Range of representable values; for math() the full int64 range.
  int64_t minValue() const;
  uint64_t maxValue() const; // as unsigned to hold UINT64_MAX
  std::string name() const;  // "uint32_t", "int64_t", "bool", "int"
};

// What a free variable stands for; decides how a failed proof is reported.
enum class VarRole : uint8_t {
  Input,    // chosen by the host: tiling fields, kernel arguments, block count
  Internal, // chosen by the execution: loop index, block index, queue slot
  Opaque,   // a value the frontend could not model (reason kept)
};

struct SymNode;
using Sym = std::shared_ptr<const SymNode>;

// The reason of an opaque value a loop changes, in every iteration the same
// unknown (checker/frontend/Interpreter.cpp: "'first_' changes across
// iterations of the loop at line 31"): program state the frontend lost, not
// unknown data. The solver does not let an error's reachability rest on it.
inline constexpr const char *kChangedAcrossIterations = "changes across iterations of the loop";

struct VarInfo {
  uint32_t id = 0;
  std::string name; // as in the source: "tileLength", "tiling.tileNum", "i"
  VarRole role = VarRole::Input;
  std::string reason; // for Opaque: why it is unknown
  // Internal variables standing for the value a loop-carried scalar takes in
  // some iteration (checker/frontend/Interpreter.cpp): a failure for some
  // choice is a counterexample, never a violation (smt/Solver.cpp), and each
  // copy of the loop body gets its own (checker/graph/SyncGraph.cpp).
  enum class Choice : uint8_t { None, InLoop, AfterLoop };
  Choice choice = Choice::None;
  int choiceLoop = -1; // InLoop: the loop id
};

struct SymNode {
  SymOp op = SymOp::Const;
  IntType type;
  int64_t value = 0;                  // Const (two's complement bits for unsigned 64), BoolConst
  std::shared_ptr<const VarInfo> var; // Var
  std::vector<Sym> args;
  size_t hash = 0;
  // Whether an opaque variable occurs in the term: set once where the node is
  // made, so that containsOpaque, asked of every fact of every question
  // (Solver::check), does not walk the shared context again each time.
  bool hasOpaque = false;
};

// ---- construction (with constant folding and light simplification) ----
Sym mkConst(int64_t v, IntType t = IntType::math());
Sym mkBool(bool b);
Sym mkVar(const std::string &name, IntType t, VarRole role = VarRole::Input, const std::string &reason = "");
Sym mkOpaque(const std::string &reason, IntType t = IntType::i64());
// The id the next variable will get: variables made after this call have
// this id or a larger one.
uint32_t nextVariableId();
// A fresh variable like `like` (role, reason, choice) under a new name.
Sym mkVarLike(const std::string &name, IntType t, const VarInfo &like);
Sym mkBin(SymOp op, Sym a, Sym b, IntType t);
Sym mkUn(SymOp op, Sym a, IntType t);
Sym mkCast(Sym a, IntType t);
Sym mkSelect(Sym c, Sym a, Sym b);
Sym mkCmp(SymOp op, Sym a, Sym b);
Sym mkAnd(Sym a, Sym b);
Sym mkOr(Sym a, Sym b);
Sym mkNot(Sym a);
Sym mkAndAll(const std::vector<Sym> &xs);

// Convenience in the mathematical domain (no wrap): sizes the tool computes.
Sym add(Sym a, Sym b);
Sym sub(Sym a, Sym b);
Sym mul(Sym a, Sym b);
Sym mulC(Sym a, int64_t c);
Sym addC(Sym a, int64_t c);
Sym toMath(Sym a); // value of a as a mathematical integer

// ---- inspection ----
std::optional<int64_t> asConst(const Sym &s); // integer constant value
std::optional<bool> asBool(const Sym &s);     // boolean constant
bool isTrue(const Sym &s);
bool isFalse(const Sym &s);
bool structurallyEqual(const Sym &a, const Sym &b);
void collectVars(const Sym &s, std::vector<std::shared_ptr<const VarInfo>> &out);
bool containsOpaque(const Sym &s);
// Replace variables by id.
// `s`'s operation on other operands (of the same arity), folded as the mk*
// constructors fold.
Sym withArgs(const Sym &s, const std::vector<Sym> &args);
Sym substitute(const Sym &s, const std::function<Sym(const VarInfo &)> &replace);
// The same with a memo the caller keeps across calls of one replacement
// (results by input node): the caller keeps the inputs alive while it does.
Sym substitute(const Sym &s, const std::function<Sym(const VarInfo &)> &replace,
               std::unordered_map<const SymNode *, Sym> &memo);

// The variable of v, looking through conversions that keep every value of
// the source (to math, or to a type at least as wide with a compatible sign);
// null for anything else (a narrowing or sign-changing cast changes values).
const VarInfo *varThroughWidening(const Sym &v);
// A comparison with its operands swapped (a < b is b > a), and its negation
// (!(a < b) is a >= b); other operators are returned as they are.
SymOp swappedCmp(SymOp op);
SymOp negatedCmp(SymOp op);

// `s` rewritten where each of `known` holds: a boolean sub-term that is a
// known literal (or the negation of one) becomes true (false) and the nodes
// above it fold (a select on it picks its branch). Literals are the
// conjuncts of `known`, more of them found by simplifying the rest under
// those (unit propagation, a few rounds). Equivalent to `s` wherever `known`
// holds; used on host values under the path that computed them.
Sym simplifyUnder(const Sym &s, const std::vector<Sym> &known);
// As simplifyUnder, and each select's branches also under its condition
// (`c ? (c ? x : u) : y` is `c ? x : y`): a value merged from paths keeps
// the old value of a location only on the paths that did not write it, and
// where the known facts rule those out, it is gone (a loop-filled array's
// element, whose unwritten case is an opaque value). Bounded work: past it
// the rest is left unchanged.
Sym simplifyBranches(const Sym &s, const std::vector<Sym> &known);

// simplifyUnder for many terms under one set of facts: the literals are
// gathered once (a question's context, for each of its facts and its
// property). `add` makes one more fact known.
class FactSimplifier {
public:
  explicit FactSimplifier(const std::vector<Sym> &known);
  ~FactSimplifier();
  FactSimplifier(const FactSimplifier &) = delete;
  FactSimplifier &operator=(const FactSimplifier &) = delete;
  Sym operator()(const Sym &s) const;
  // As simplifyBranches under these facts.
  Sym withBranches(const Sym &s) const;
  void add(const Sym &fact);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

// A truth value with its selects between truth values written as logic
// where a branch is decided: `c ? (a && !c) : b` is `!c && b` (the branch
// contradicts its own condition), `c ? false : b` is `!c && b`, `c ? a :
// true` is `!c || a`. A host's "the input was accepted" comes out of its
// path merges in that form, and only top-level conjuncts bound variables
// (smt/Solver.cpp boundsFrom). Equivalent to `s`.
Sym boolSelectsAsLogic(const Sym &s);

// C-like rendering for messages: "tileLength * 2 + 32". At most `maxChars`
// characters (then "..."): a host contract is a DAG whose tree, written out,
// grows exponentially (ops-math arg_max_v2: 1.5 GB for one field). Not an
// identity: two opaque values render alike, casts are not shown; compare
// terms with structurallyEqual.
std::string toString(const Sym &s, size_t maxChars = 4096);

// Conservative integer interval of a node's value (in its own type).
struct Interval {
  __int128 lo, hi;
};
// Bounds known for some variables (by id), e.g. from assumptions.
using VarBounds = std::map<uint32_t, Interval>;
using IntervalMemo = std::unordered_map<const SymNode *, Interval>; // valid for one `bounds`
Interval intervalOf(const Sym &s, const VarBounds *bounds = nullptr, IntervalMemo *memo = nullptr);
// Whether a boolean term holds for every value its variables take within
// `bounds` (true), for none (false), or the intervals of its comparisons'
// operands show neither (nullopt).
std::optional<bool> truthByIntervals(const Sym &b, const VarBounds *bounds, IntervalMemo *memo = nullptr);

// Evaluate under a variable assignment (missing vars -> nullopt). C++ semantics.
std::optional<int64_t> evaluate(const Sym &s, const std::function<std::optional<int64_t>(const VarInfo &)> &env);

// Wraps an exact mathematical value into type t (two's complement).
int64_t wrapTo(__int128 v, IntType t);

} // namespace alint
