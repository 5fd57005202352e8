// Parses the C-like expressions of --assume and config Assumptions into
// symbolic terms. Identifiers become placeholder variables, later bound to
// the kernel's variables by name (see Driver.cpp).
#include "cli/ExprParser.h"

#include <cctype>
#include <cstring>

namespace alint {

namespace {

struct Parser {
  const std::string &s;
  size_t i = 0;
  std::string err;

  explicit Parser(const std::string &src) : s(src) {}

  void ws() {
    while (i < s.size() && isspace((unsigned char)s[i]))
      ++i;
  }
  bool eat(const char *tok) {
    ws();
    size_t n = strlen(tok);
    if (s.compare(i, n, tok) == 0) {
      // do not split "<=" as "<" or "&&" as "&"
      if (n == 1 && i + 1 < s.size()) {
        char c = tok[0], d = s[i + 1];
        if ((c == '<' || c == '>' || c == '=' || c == '!') && d == '=')
          return false;
        if ((c == '&' && d == '&') || (c == '|' && d == '|') || (c == '<' && d == '<') || (c == '>' && d == '>'))
          return false;
      }
      i += n;
      return true;
    }
    return false;
  }

  Sym primary() {
    ws();
    if (eat("(")) {
      Sym e = expr(0);
      if (!eat(")"))
        fail("expected ')'");
      return e;
    }
    if (eat("!"))
      return mkNot(boolOf(primary()));
    if (eat("-"))
      return mkUn(SymOp::Neg, toMath(primary()), IntType::math());
    if (i < s.size() && isdigit((unsigned char)s[i])) {
      size_t j = i;
      while (j < s.size() && isalnum((unsigned char)s[j]))
        ++j;
      std::string lit = s.substr(i, j - i);
      while (!lit.empty() && (lit.back() == 'u' || lit.back() == 'U' || lit.back() == 'l' || lit.back() == 'L'))
        lit.pop_back();
      i = j;
      try {
        return mkConst(std::stoll(lit, nullptr, 0));
      } catch (...) {
        fail("bad number '" + lit + "'");
        return mkConst(0);
      }
    }
    if (i < s.size() && (isalpha((unsigned char)s[i]) || s[i] == '_')) {
      size_t j = i;
      while (j < s.size() && (isalnum((unsigned char)s[j]) || s[j] == '_' || s[j] == '.' ||
                              (s[j] == '-' && j + 1 < s.size() && s[j + 1] == '>')))
        j += (s[j] == '-') ? 2 : 1;
      std::string id = s.substr(i, j - i);
      i = j;
      if (id == "true")
        return mkBool(true);
      if (id == "false")
        return mkBool(false);
      for (size_t k; (k = id.find("->")) != std::string::npos;)
        id.replace(k, 2, ".");
      if (id.compare(0, 5, "this.") == 0)
        id = id.substr(5);
      return mkVar(id, IntType::math(), VarRole::Input, "placeholder");
    }
    fail(i < s.size() ? std::string("unexpected '") + s[i] + "'" : "unexpected end");
    return mkConst(0);
  }

  static Sym boolOf(Sym x) { return x->type.isBool ? x : mkCmp(SymOp::Ne, toMath(x), mkConst(0)); }

  struct BinOp {
    const char *tok;
    int prec;
    SymOp op;
  };

  Sym expr(int minPrec) {
    static const BinOp ops[] = {{"||", 1, SymOp::LOr},   {"&&", 2, SymOp::LAnd}, {"==", 6, SymOp::Eq},
                                {"!=", 6, SymOp::Ne},    {"<=", 7, SymOp::Le},   {">=", 7, SymOp::Ge},
                                {"<<", 8, SymOp::Shl},   {">>", 8, SymOp::Shr},  {"<", 7, SymOp::Lt},
                                {">", 7, SymOp::Gt},     {"+", 9, SymOp::Add},   {"-", 9, SymOp::Sub},
                                {"*", 10, SymOp::Mul},   {"/", 10, SymOp::Div},  {"%", 10, SymOp::Rem},
                                {"&", 5, SymOp::BitAnd}, {"|", 3, SymOp::BitOr}, {"^", 4, SymOp::BitXor}};
    Sym lhs = primary();
    while (err.empty()) {
      ws();
      const BinOp *found = nullptr;
      for (const BinOp &b : ops) {
        size_t save = i;
        if (eat(b.tok)) {
          if (b.prec < minPrec) {
            i = save;
            return lhs;
          }
          found = &b;
          break;
        }
      }
      if (!found)
        return lhs;
      Sym rhs = expr(found->prec + 1);
      switch (found->op) {
      case SymOp::LOr:
        lhs = mkOr(boolOf(lhs), boolOf(rhs));
        break;
      case SymOp::LAnd:
        lhs = mkAnd(boolOf(lhs), boolOf(rhs));
        break;
      case SymOp::Eq:
      case SymOp::Ne:
      case SymOp::Lt:
      case SymOp::Le:
      case SymOp::Gt:
      case SymOp::Ge:
        lhs = mkCmp(found->op, toMath(lhs), toMath(rhs));
        break;
      default:
        lhs = mkBin(found->op, toMath(lhs), toMath(rhs), IntType::math());
        break;
      }
    }
    return lhs;
  }

  void fail(const std::string &m) {
    if (err.empty())
      err = m + " at column " + std::to_string(i + 1);
  }
};

} // namespace

std::optional<Sym> parseAssumption(const std::string &text, std::string &error) {
  Parser p(text);
  Sym e = p.expr(0);
  p.ws();
  if (p.err.empty() && p.i != text.size())
    p.fail("unexpected text");
  if (!p.err.empty()) {
    error = "cannot parse assumption '" + text + "': " + p.err;
    return std::nullopt;
  }
  if (!e->type.isBool)
    e = mkCmp(SymOp::Ne, toMath(e), mkConst(0));
  return e;
}

} // namespace alint
