#include "checker/project/TplSelect.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <functional>
#include <map>
#include <set>

namespace alint::project {

namespace {

// template_tiling.py: UI_RANGE, UI_LIST, UI_MIX; ASCENDC_TPL_DATATYPE_MAX.
constexpr int64_t kUiRange = 0, kUiList = 1, kUiMix = 2;
constexpr int64_t kDatatypeMax = 42;

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

bool startsWith(const std::string &s, const std::string &p) { return s.compare(0, p.size(), p) == 0; }

// extract_num: every run of digits, in order (the build's own reading).
std::vector<int64_t> extractNum(const std::string &s) {
  std::vector<int64_t> out;
  for (size_t i = 0; i < s.size();) {
    if (!isdigit(static_cast<unsigned char>(s[i]))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() && isdigit(static_cast<unsigned char>(s[j])))
      ++j;
    out.push_back(j - i > 18 ? -1 : std::stoll(s.substr(i, j - i)));
    i = j;
  }
  return out;
}

// safe_eval_int_expr: integers, parentheses, unary + - ~ and the binary
// operators the build accepts. Returns nullopt on anything else.
struct ExprEval {
  const std::string &s;
  size_t i = 0;
  void ws() {
    while (i < s.size() && isspace(static_cast<unsigned char>(s[i])))
      ++i;
  }
  std::optional<int64_t> primary() {
    ws();
    if (i < s.size() && s[i] == '(') {
      ++i;
      auto v = binary(0);
      ws();
      if (!v || i >= s.size() || s[i] != ')')
        return std::nullopt;
      ++i;
      return v;
    }
    if (i < s.size() && (s[i] == '-' || s[i] == '+' || s[i] == '~')) {
      char op = s[i++];
      auto v = primary();
      if (!v)
        return std::nullopt;
      return op == '-' ? -*v : op == '~' ? ~*v : *v;
    }
    size_t b = i;
    while (i < s.size() && isdigit(static_cast<unsigned char>(s[i])))
      ++i;
    if (b == i || i - b > 18)
      return std::nullopt;
    return std::stoll(s.substr(b, i - b));
  }
  static int prec(const std::string &op) {
    if (op == "|")
      return 1;
    if (op == "^")
      return 2;
    if (op == "&")
      return 3;
    if (op == "<<" || op == ">>")
      return 4;
    if (op == "+" || op == "-")
      return 5;
    return 6; // * / %
  }
  std::optional<std::string> peekOp() {
    ws();
    if (i >= s.size())
      return std::nullopt;
    for (const char *op : {"<<", ">>", "+", "-", "*", "/", "%", "|", "&", "^"})
      if (s.compare(i, strlen(op), op) == 0)
        return std::string(op);
    return std::nullopt;
  }
  std::optional<int64_t> binary(int minPrec) {
    auto lhs = primary();
    while (lhs) {
      auto op = peekOp();
      if (!op || prec(*op) <= minPrec)
        break;
      i += op->size();
      auto rhs = binary(prec(*op));
      if (!rhs)
        return std::nullopt;
      int64_t a = *lhs, b = *rhs;
      if ((*op == "/" || *op == "%") && b == 0)
        return std::nullopt;
      lhs = *op == "+"    ? a + b
            : *op == "-"  ? a - b
            : *op == "*"  ? a * b
            : *op == "/"  ? a / b
            : *op == "%"  ? a % b
            : *op == "<<" ? (b >= 0 && b < 63 ? a << b : 0)
            : *op == ">>" ? (b >= 0 && b < 63 ? a >> b : 0)
            : *op == "|"  ? (a | b)
            : *op == "&"  ? (a & b)
                          : (a ^ b);
    }
    return lhs;
  }
  std::optional<int64_t> all() {
    auto v = binary(0);
    ws();
    return v && i == s.size() ? v : std::nullopt;
  }
};

// ASCENDC_COMPILE_DATATYPE_MAP (template_tiling.py): ge::DataType ids.
const std::map<std::string, int64_t> &datatypeIds() {
  static const std::map<std::string, int64_t> m = {
      {"DT_FLOAT", 0},          {"DT_FLOAT16", 1},      {"DT_INT8", 2},         {"DT_INT32", 3},
      {"DT_UINT8", 4},          {"DT_INT16", 6},        {"DT_UINT16", 7},       {"DT_UINT32", 8},
      {"DT_INT64", 9},          {"DT_UINT64", 10},      {"DT_DOUBLE", 11},      {"DT_BOOL", 12},
      {"DT_COMPLEX64", 16},     {"DT_BF16", 27},        {"DT_INT4", 29},        {"DT_UINT1", 30},
      {"DT_INT2", 31},          {"DT_COMPLEX32", 33},   {"DT_HIFLOAT8", 34},    {"DT_FLOAT8_E5M2", 35},
      {"DT_FLOAT8_E4M3FN", 36}, {"DT_FLOAT4_E2M1", 40}, {"DT_FLOAT4_E1M2", 41}, {"DT_MAX", kDatatypeMax}};
  return m;
}

// safe_parse_value: an integer, an integer expression, a (C_)DT_* or
// (C_)FORMAT_* name. Formats are numbered in ASCENDC_COMPILE_DATAFORMAT_MAP;
// only the few kernels use are known here (others: not understood).
std::optional<int64_t> parseValue(const std::string &raw) {
  std::string s = trim(raw);
  if (auto v = ExprEval{s}.all())
    return v;
  std::string last = s.substr(s.rfind("::") == std::string::npos ? 0 : s.rfind("::") + 2);
  if (startsWith(last, "C_"))
    last = last.substr(2);
  if (startsWith(last, "DT_")) {
    auto it = datatypeIds().find(last);
    if (it != datatypeIds().end())
      return it->second;
  }
  static const std::map<std::string, int64_t> formats = {
      {"FORMAT_NCHW", 0},        {"FORMAT_NHWC", 1},      {"FORMAT_ND", 2},
      {"FORMAT_NC1HWC0", 3},     {"FORMAT_FRACTAL_Z", 4}, {"FORMAT_NDHWC", 27},
      {"FORMAT_FRACTAL_NZ", 29}, {"FORMAT_NCDHW", 30},    {"FORMAT_NDC1HWC0", 32}};
  auto f = formats.find(last);
  if (f != formats.end())
    return f->second;
  return std::nullopt;
}

// extract_expr: the values between the first `{` and its `}`, comma-separated.
std::optional<std::vector<int64_t>> extractExpr(const std::string &s, std::string &error) {
  size_t b = s.find('{');
  size_t e = b == std::string::npos ? b : s.find('}', b);
  if (e == std::string::npos) {
    error = "no value list in '" + trim(s) + "'";
    return std::nullopt;
  }
  std::vector<int64_t> out;
  std::string cur;
  std::string body = s.substr(b + 1, e - b - 1) + ",";
  for (char c : body) {
    if (c != ',') {
      cur += c;
      continue;
    }
    if (!trim(cur).empty()) {
      auto v = parseValue(cur);
      if (!v) {
        error = "value '" + trim(cur) + "' is not understood";
        return std::nullopt;
      }
      if (*v >= 0)
        out.push_back(*v);
    }
    cur.clear();
  }
  return out;
}

// An identifier left in the text is a macro that was not expanded (its
// header is missing): the build would read garbage; we do not guess.
std::string leftoverIdentifier(const std::string &s) {
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (isdigit(c)) { // a pp-number with its suffix (1U, 0ULL)
      while (i < s.size() && (isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_'))
        ++i;
      continue;
    }
    if (!isalpha(c) && c != '_') {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() && (isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_'))
      ++j;
    std::string id = s.substr(i, j - i);
    if (!startsWith(id, "C_DT_") && !startsWith(id, "DT_") && !startsWith(id, "C_FORMAT_") &&
        !startsWith(id, "FORMAT_") && id != "ge" && id != "true" && id != "false")
      return id;
    i = j;
  }
  return {};
}

// TilingTemplateParams.__post_init__ for UINT: the value list from the
// range / list / mix encoding.
std::optional<std::vector<int64_t>> uintValues(const std::vector<int64_t> &vals, int64_t flag, const std::string &name,
                                               std::string &error) {
  if (flag == kUiList)
    return vals;
  if (flag != kUiRange && flag != kUiMix) {
    error = "ASCENDC_TPL_UINT " + name + ": unknown mode " + std::to_string(flag);
    return std::nullopt;
  }
  if (vals.empty()) {
    error = "ASCENDC_TPL_UINT " + name + ": no ranges";
    return std::nullopt;
  }
  std::vector<int64_t> out;
  int64_t n = vals[0];
  for (int64_t r = 0; r < n; ++r) {
    if (size_t(2 + 2 * r) >= vals.size()) {
      error = "ASCENDC_TPL_UINT " + name + ": fewer values than the ranges announced";
      return std::nullopt;
    }
    for (int64_t v = vals[size_t(1 + 2 * r)]; v <= vals[size_t(2 + 2 * r)]; ++v) {
      out.push_back(v);
      if (out.size() > 4096) {
        error = "ASCENDC_TPL_UINT " + name + ": more than 4096 values";
        return std::nullopt;
      }
    }
  }
  if (flag == kUiMix)
    out.insert(out.end(), vals.begin() + std::min<int64_t>(int64_t(vals.size()), 1 + n * 2), vals.end());
  return out;
}

// extract_template_tiling_params: the parameter groups of one text.
std::optional<std::vector<std::vector<TplParam>>> parseParams(const std::string &text, std::string &error) {
  std::vector<std::string> parts;
  for (size_t from = 0;;) {
    size_t at = text.find("@@", from);
    parts.push_back(trim(text.substr(from, at == std::string::npos ? std::string::npos : at - from)));
    if (at == std::string::npos)
      break;
    from = at + 2;
  }
  std::vector<std::vector<TplParam>> groups;
  std::vector<TplParam> cur;
  std::set<size_t> valueParts;
  for (size_t i = 0; i < parts.size(); ++i) {
    const std::string &sub = parts[i];
    if (sub.empty())
      continue;
    if (sub == "{" && !cur.empty()) {
      groups.push_back(cur);
      cur.clear();
    }
    if (!startsWith(sub, "ASCENDC_TPL_") || startsWith(sub, "ASCENDC_TPL_ARGS_DECL_") || sub == "ASCENDC_TPL_LISTS")
      continue;
    bool sel = false;
    for (const char *p :
         {"ASCENDC_TPL_DTYPE_SEL_", "ASCENDC_TPL_DATATYPE_SEL_", "ASCENDC_TPL_FORMAT_SEL_", "ASCENDC_TPL_UINT_SEL_",
          "ASCENDC_TPL_BOOL_SEL_", "ASCENDC_TPL_TILING_STRUCT_SEL_", "ASCENDC_TPL_KERNEL_TYPE_SEL",
          "ASCENDC_TPL_DETERMINISTIC_SEL", "ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL"})
      sel |= startsWith(sub, p);
    std::string mt = sel ? "SEL_" : "DECL_";
    std::string next = i + 1 < parts.size() ? parts[i + 1] : std::string();
    valueParts.insert(i + 1);
    TplParam p;
    auto nameAfter = [&](const std::string &prefix) { return sub.substr(std::min(sub.size(), prefix.size())); };
    if (startsWith(sub, "ASCENDC_TPL_DTYPE_")) {
      p.kind = TplKind::Dtype;
      p.name = nameAfter("ASCENDC_TPL_DTYPE_" + mt);
      p.values = extractNum(next);
    } else if (startsWith(sub, "ASCENDC_TPL_DATATYPE_")) {
      p.kind = TplKind::Datatype;
      p.name = nameAfter("ASCENDC_TPL_DATATYPE_" + mt);
      auto v = extractExpr(next, error);
      if (!v)
        return std::nullopt;
      p.values = *v;
    } else if (startsWith(sub, "ASCENDC_TPL_FORMAT_")) {
      p.kind = TplKind::Format;
      p.name = nameAfter("ASCENDC_TPL_FORMAT_" + mt);
      auto v = extractExpr(next, error);
      if (!v)
        return std::nullopt;
      p.values = *v; // build_format_class: the numbers, or the FORMAT_* ids
    } else if (startsWith(sub, "ASCENDC_TPL_KERNEL_TYPE_SEL")) {
      p.kind = TplKind::KernelType;
      p.name = "KERNEL_TYPE";
      p.values = extractNum(next);
    } else if (startsWith(sub, "ASCENDC_TPL_DETERMINISTIC_SEL")) {
      p.kind = TplKind::Deterministic;
      p.name = "DETERMINISTIC";
    } else if (startsWith(sub, "ASCENDC_TPL_UINT_")) {
      p.kind = TplKind::Uint;
      p.name = nameAfter("ASCENDC_TPL_UINT_" + mt);
      std::vector<int64_t> raw = extractNum(next);
      if (!sel) { // DECL: bit width, mode, values
        if (raw.size() < 2) {
          error = "ASCENDC_TPL_UINT_DECL " + p.name + " is too short";
          return std::nullopt;
        }
        auto v = uintValues(std::vector<int64_t>(raw.begin() + 2, raw.end()), raw[1], p.name, error);
        if (!v)
          return std::nullopt;
        p.values = *v;
      } else { // SEL: mode, values (the width is the declaration's)
        if (raw.empty()) {
          error = "ASCENDC_TPL_UINT_SEL " + p.name + " is too short";
          return std::nullopt;
        }
        auto v = uintValues(std::vector<int64_t>(raw.begin() + 1, raw.end()), raw[0], p.name, error);
        if (!v)
          return std::nullopt;
        p.values = *v;
      }
    } else if (sub.find("ASCENDC_TPL_BOOL") != std::string::npos) {
      p.kind = TplKind::Bool;
      p.name = nameAfter("ASCENDC_TPL_BOOL_" + mt);
      p.values = extractNum(next);
      for (int64_t v : p.values)
        if (v != 0 && v != 1) {
          error = "ASCENDC_TPL_BOOL " + p.name + " has a value other than 0 and 1";
          return std::nullopt;
        }
    } else if (sub.find("ASCENDC_TPL_SHARED_KERNEL_TYPE") != std::string::npos) {
      p.kind = TplKind::SharedKernelType;
      p.name = nameAfter("ASCENDC_TPL_SHARED_KERNEL_TYPE_" + mt);
      p.values = extractNum(next);
    } else if (sub.find("ASCENDC_TPL_TILING_STRUCT") != std::string::npos) {
      p.kind = TplKind::TilingStruct;
      p.name = nameAfter("ASCENDC_TPL_TILING_STRUCT_" + mt);
      p.values = {-1};
    } else {
      error = "'" + sub + "' is not a template-selection macro the linter knows";
      return std::nullopt;
    }
    if (p.name.empty()) {
      error = "a template-selection parameter without a name";
      return std::nullopt;
    }
    if (p.kind != TplKind::TilingStruct && p.kind != TplKind::Deterministic) {
      std::set<int64_t> distinct(p.values.begin(), p.values.end());
      if (p.values.empty() || distinct.size() != p.values.size()) {
        error = "the values of " + sub + " are empty or repeated";
        return std::nullopt;
      }
    }
    cur.push_back(p);
  }
  if (!cur.empty())
    groups.push_back(cur);
  // What is not a macro's name or its value list is braces and commas; an
  // identifier there is a macro that did not expand (its header is missing).
  for (size_t i = 0; i < parts.size(); ++i) {
    const std::string &sub = parts[i];
    bool name = startsWith(sub, "ASCENDC_TPL_");
    std::string id = name ? std::string() : leftoverIdentifier(sub);
    if (!id.empty()) {
      error = "'" + id + "' in the template-selection macros is not expanded (its header is missing?)";
      return std::nullopt;
    }
  }
  return groups;
}

std::string datatypeName(int64_t id) {
  for (auto &[n, v] : datatypeIds())
    if (v == id)
      return n;
  return std::to_string(id);
}

// TypeFromId<id>::type on a chip that has every type.
std::string typeOfDatatype(int64_t id) {
  static const std::map<int64_t, std::string> m = {{0, "float"},
                                                   {1, "half"},
                                                   {2, "int8_t"},
                                                   {3, "int32_t"},
                                                   {4, "uint8_t"},
                                                   {6, "int16_t"},
                                                   {7, "uint16_t"},
                                                   {8, "uint32_t"},
                                                   {9, "int64_t"},
                                                   {10, "uint64_t"},
                                                   {11, "double"},
                                                   {12, "bool"},
                                                   {16, "complex64"},
                                                   {27, "bfloat16_t"},
                                                   {29, "AscendC::int4b_t"},
                                                   {33, "complex32"},
                                                   {34, "hifloat8_t"},
                                                   {35, "float8_e5m2_t"},
                                                   {36, "float8_e4m3_t"},
                                                   {40, "float4_e2m1x2_t"},
                                                   {41, "float4_e1m2x2_t"}};
  auto it = m.find(id);
  return it == m.end() ? std::string() : it->second;
}

} // namespace

std::string tplTypeOfDatatype(int64_t id, int npuArch) {
  // TypeFromId (template_argument.h) and the ASC_INNER_DATATYPE_ENABLE_*
  // lists per __NPU_ARCH__ that guard its specialisations.
  bool bf16 = npuArch == 2201 || npuArch == 3002 || npuArch == 3510 || npuArch == 5102;
  bool fp8 = npuArch == 3002 || npuArch == 3510 || npuArch == 5102; // hifloat8, fp8, fp4
  bool cplx = npuArch == 3510 || npuArch == 5102;
  if ((id == 27 && !bf16) || (id >= 34 && !fp8) || ((id == 16 || id == 33) && !cplx))
    return "";
  return typeOfDatatype(id);
}

std::optional<TplSelection> parseTplSelection(const std::string &declText, const std::vector<std::string> &selTexts,
                                              std::string &error) {
  TplSelection s;
  auto decl = parseParams(declText, error);
  if (!decl)
    return std::nullopt;
  for (auto &g : *decl)
    s.decl.insert(s.decl.end(), g.begin(), g.end());
  if (s.decl.empty()) {
    error = "ASCENDC_TPL_ARGS_DECL declares no parameter";
    return std::nullopt;
  }
  std::map<std::string, TplParam> byName;
  std::vector<std::string> order;
  for (const TplParam &p : s.decl) {
    byName[p.name] = p;
    order.push_back(p.name);
  }
  for (const std::string &t : selTexts) {
    auto groups = parseParams(t, error);
    if (!groups)
      return std::nullopt;
    for (auto &g : *groups) {
      // check_valid_select_param: every declared parameter selected, with
      // declared values and the declared kind.
      for (const TplParam &d : s.decl)
        if (std::none_of(g.begin(), g.end(), [&](const TplParam &p) { return p.name == d.name; })) {
          error = "an ASCENDC_TPL_ARGS_SEL does not select '" + d.name + "' (the build rejects it)";
          return std::nullopt;
        }
      for (const TplParam &p : g) {
        if (!p.isTemplateArg())
          continue;
        auto it = byName.find(p.name);
        if (it == byName.end()) {
          error = "ASCENDC_TPL_SEL selects '" + p.name + "', which ASCENDC_TPL_ARGS_DECL does not declare";
          return std::nullopt;
        }
        if (it->second.kind != p.kind) {
          error = "'" + p.name + "' has different kinds in ASCENDC_TPL_ARGS_DECL and ASCENDC_TPL_SEL";
          return std::nullopt;
        }
        for (int64_t v : p.values)
          if (std::find(it->second.values.begin(), it->second.values.end(), v) == it->second.values.end()) {
            error = "ASCENDC_TPL_SEL selects " + p.name + "=" + std::to_string(v) + ", which the declaration lacks";
            return std::nullopt;
          }
      }
      // Sorted by declaration order (others first), as the build does.
      std::stable_sort(g.begin(), g.end(), [&](const TplParam &a, const TplParam &b) {
        auto pos = [&](const std::string &n) {
          auto it = std::find(order.begin(), order.end(), n);
          return it == order.end() ? -1 : int(it - order.begin());
        };
        return pos(a.name) < pos(b.name);
      });
      s.sels.push_back(g);
    }
  }
  if (s.sels.empty()) {
    error = "ASCENDC_TPL_ARGS_DECL without ASCENDC_TPL_SEL: the build selects no combination";
    return std::nullopt;
  }
  return s;
}

std::vector<TplCombination> tplCombinations(const TplSelection &s, int npuArch) {
  std::vector<TplCombination> out;
  std::set<std::vector<int64_t>> seen;
  for (const auto &g : s.sels) {
    std::vector<const TplParam *> args;
    for (const TplParam &p : g)
      if (p.isTemplateArg())
        args.push_back(&p);
    // The first parameter varies slowest (get_concated_tiling_key).
    TplCombination cur;
    std::vector<int64_t> key;
    std::function<void(size_t)> rec = [&](size_t i) {
      if (i == args.size()) {
        if (seen.insert(key).second)
          out.push_back(cur);
        return;
      }
      for (int64_t v : args[i]->values) {
        if (args[i]->kind == TplKind::Datatype && (v >= kDatatypeMax || tplTypeOfDatatype(v, npuArch).empty()))
          continue; // a placeholder, or a type the chip does not have
        TplParam p = *args[i];
        p.values.clear();
        cur.args.push_back({p, v});
        key.push_back(v);
        rec(i + 1);
        cur.args.pop_back();
        key.pop_back();
      }
    };
    rec(0);
  }
  return out;
}

std::string TplCombination::label() const {
  std::string out;
  for (auto &[p, v] : args) {
    std::string val = std::to_string(v);
    if (p.kind == TplKind::Datatype) {
      std::string t = typeOfDatatype(v);
      val = t.empty() ? datatypeName(v) : t;
    }
    out += (out.empty() ? "" : ", ") + p.name + "=" + val;
  }
  return out;
}

std::string TplCombination::templateArgs() const {
  std::string out;
  for (auto &[p, v] : args) {
    std::string a;
    if (p.kind == TplKind::Datatype)
      a = typeOfDatatype(v);
    else if (p.kind == TplKind::Bool)
      a = v ? "true" : "false";
    else
      a = std::to_string(v); // as the build writes it (str(val))
    out += (out.empty() ? "" : ", ") + a;
  }
  return out;
}

} // namespace alint::project
