#include "checker/project/OpProject.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <mutex>
#include <regex>
#include <set>

namespace alint::project {

namespace {

std::string readText(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return {};
  return (*buf)->getBuffer().str();
}

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

unsigned lineAt(const std::string &s, size_t pos) {
  return unsigned(std::count(s.begin(), s.begin() + std::min(pos, s.size()), '\n')) + 1;
}

bool isDir(const std::string &p) { return llvm::sys::fs::is_directory(p); }

std::string join(const std::string &a, const std::string &b) {
  llvm::SmallString<256> p(a);
  llvm::sys::path::append(p, b);
  return std::string(p);
}

std::vector<std::string> filesUnder(const std::string &dir, unsigned maxFiles = 2000) {
  std::vector<std::string> out;
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec)) {
    if (it->type() != llvm::sys::fs::file_type::regular_file)
      continue;
    llvm::StringRef ext = llvm::sys::path::extension(it->path());
    if (ext == ".h" || ext == ".hpp" || ext == ".cpp" || ext == ".cc" || ext == ".asc")
      out.push_back(it->path());
    if (out.size() >= maxFiles)
      break;
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The text between the bracket at `open` (a parenthesis or a brace) and its
// match.
std::string balanced(const std::string &s, size_t open) {
  if (open >= s.size())
    return {};
  const bool brace = s[open] == '{';
  const char o = brace ? '{' : '(', c = brace ? '}' : ')';
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    if (s[i] == o)
      ++depth;
    else if (s[i] == c && --depth == 0)
      return s.substr(open + 1, i - open - 1);
  }
  return {};
}

std::vector<std::string> splitArgs(const std::string &s) {
  std::vector<std::string> out;
  int depth = 0;
  std::string cur;
  for (char c : s) {
    if (c == '(' || c == '<' || c == '{' || c == '[')
      ++depth;
    else if (c == ')' || c == '>' || c == '}' || c == ']')
      --depth;
    if (c == ',' && depth == 0) {
      out.push_back(trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!trim(cur).empty())
    out.push_back(trim(cur));
  return out;
}

std::string upper(std::string s) {
  for (char &c : s)
    c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// add_custom -> AddCustom (the op name a kernel function stands for).
std::string camel(const std::string &snake) {
  std::string out;
  bool up = true;
  for (char c : snake) {
    if (c == '_') {
      up = true;
      continue;
    }
    out += up ? char(std::toupper(static_cast<unsigned char>(c))) : c;
    up = false;
  }
  return out;
}

} // namespace

// (OpProject.h)
std::string stripComments(const std::string &s) {
  std::string out = s;
  size_t i = 0;
  while (i < out.size()) {
    if (out[i] == '"') {
      for (++i; i < out.size() && out[i] != '"' && out[i] != '\n'; ++i)
        if (out[i] == '\\')
          ++i;
      ++i;
    } else if (out.compare(i, 2, "//") == 0) {
      while (i < out.size() && out[i] != '\n')
        out[i++] = ' ';
    } else if (out.compare(i, 2, "/*") == 0) {
      size_t e = out.find("*/", i + 2);
      e = e == std::string::npos ? out.size() : e + 2;
      for (; i < e; ++i)
        if (out[i] != '\n')
          out[i] = ' ';
    } else {
      ++i;
    }
  }
  return out;
}

std::vector<TilingStruct> parseTilingStructs(const std::string &raw, const std::string &file,
                                             std::vector<std::pair<std::string, std::string>> *registered) {
  std::string text = stripComments(raw);
  std::vector<TilingStruct> out;
  static const std::regex begin(R"re(BEGIN_TILING_DATA_DEF\s*\(\s*(\w+)\s*\))re");
  static const std::regex field(R"re(TILING_DATA_FIELD_DEF(_ARR|_STRUCT)?\s*\()re");
  static const std::regex reg(R"re(REGISTER_TILING_DATA_CLASS\s*\(\s*(\w+)\s*,\s*(\w+)\s*\))re");
  // Integer constants of the header (`constexpr uint32_t MAX_DIM = 8;`,
  // `#define MAX_DIM 8`, hexadecimal too: ops-math broadcast_to's
  // `constexpr size_t brctoMaxDMADimNum = 0x5;`): an array length written as one of them is replaced
  // by its value, since the generated struct is compiled without the header.
  std::map<std::string, std::string> constants;
  static const std::regex constant(
      R"re((?:(?:static\s+)?(?:constexpr|const)\s+[\w:]+\s+(\w+)\s*=\s*\(?\s*(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\s*\)?\s*;)|(?:#define\s+(\w+)\s+\(?\s*(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\s*\)?\s*$))re",
      std::regex::multiline);
  for (std::sregex_iterator it(text.begin(), text.end(), constant), end; it != end; ++it) {
    if ((*it)[1].matched)
      constants[(*it)[1]] = (*it)[2];
    else
      constants[(*it)[3]] = (*it)[4];
  }
  // Constants whose value is an expression: their declarations as written.
  std::map<std::string, std::pair<std::string, std::string>> computed; // name -> (type, expression)
  static const std::regex computedConstant(
      R"re((?:static\s+)?constexpr\s+([\w:]+)\s+(\w+)\s*=\s*([^;{}]+);)re");
  for (std::sregex_iterator it(text.begin(), text.end(), computedConstant), end; it != end; ++it)
    if (!constants.count((*it)[2]))
      computed[(*it)[2]] = {(*it)[1], (*it)[3]};
  // The declarations `name` needs in namespace ascendc_lint_tiling, its
  // dependencies first (each once).
  static const std::regex identifier(R"re([A-Za-z_]\w*)re");
  std::function<void(const std::string &, std::vector<std::string> &, std::set<std::string> &, int)> declare =
      [&](const std::string &name, std::vector<std::string> &out, std::set<std::string> &done, int depth) {
        auto c = computed.find(name);
        if (c == computed.end() || depth > 8 || !done.insert(name).second)
          return;
        const std::string &e = c->second.second;
        for (std::sregex_iterator i(e.begin(), e.end(), identifier), end; i != end; ++i) {
          std::string id = (*i)[0];
          if (constants.count(id))
            out.push_back("constexpr int64_t " + id + " = " + constants[id] + ";");
          else
            declare(id, out, done, depth + 1);
        }
        out.push_back("constexpr " + c->second.first + " " + name + " = " + e + ";");
      };
  for (std::sregex_iterator it(text.begin(), text.end(), begin), end; it != end; ++it) {
    TilingStruct ts;
    std::set<std::string> declared;
    ts.name = (*it)[1];
    ts.file = file;
    size_t from = size_t(it->position(0) + it->length(0));
    ts.line = lineAt(text, size_t(it->position(0)));
    size_t stop = text.find("END_TILING_DATA_DEF", from);
    if (stop == std::string::npos)
      continue;
    std::string body = text.substr(from, stop - from);
    for (std::sregex_iterator f(body.begin(), body.end(), field); f != end; ++f) {
      std::vector<std::string> args = splitArgs(balanced(body, size_t(f->position(0) + f->length(0) - 1)));
      std::string kind = (*f)[1];
      TilingField tf;
      if (kind == "_ARR" && args.size() == 3) {
        tf.type = args[0];
        tf.arrayLen = args[1];
        if (auto c = constants.find(tf.arrayLen); c != constants.end())
          tf.arrayLen = c->second;
        else if (computed.count(tf.arrayLen)) {
          declare(tf.arrayLen, ts.constantDecls, declared, 0);
          tf.arrayLen = "::ascendc_lint_tiling::" + tf.arrayLen;
        }
        tf.name = args[2];
      } else if (args.size() == 2) {
        tf.type = args[0];
        tf.name = args[1];
        tf.isStruct = kind == "_STRUCT";
      } else {
        continue;
      }
      ts.fields.push_back(tf);
    }
    out.push_back(ts);
  }
  if (registered)
    for (std::sregex_iterator it(text.begin(), text.end(), reg), end; it != end; ++it)
      registered->push_back({(*it)[1], (*it)[2]});
  return out;
}

// The initialiser of a dtype list defined by name in text
// (`static const std::vector<ge::DataType> dataType = {ge::DT_FLOAT, ...};`,
// also `... dataType{...}` and `... dataType({...})`): the last definition
// before `use`, else the first after it; empty when there is none.
static std::string namedDtypeList(const std::string &text, const std::string &name, size_t use) {
  const std::regex def("(?:std::)?vector\\s*<\\s*(?:ge::)?DataType\\s*>\\s+" + name + "\\s*(=\\s*)?([({])");
  std::string found;
  for (std::sregex_iterator it(text.begin(), text.end(), def), end; it != end; ++it) {
    std::string body = balanced(text, size_t(it->position(2)));
    if (size_t(it->position(0)) > use)
      return found.empty() ? body : found;
    found = body;
  }
  return found;
}

// The dtypes of `.DataType(gen.GetSequence("key"))`, a list a generator
// object builds (ops-math's random operators: `RandomDtypeFmtGen gen({{"x",
// xDataType}, {"mask", maskDataType}, {"baseFormat", baseFormat}})`): each
// key's sequence is its list's column in the Cartesian product of the
// generator's lists, so that the inputs' sequences, read side by side, are
// every combination once (random_common/op_host/random_dtype_fmt_gen.h).
// Lists that are not dtypes (formats) do not change the dtype combinations
// and are left out of the product. Empty when the generator or the key is
// not found, or the product is past 4,096 combinations.
static std::vector<std::string> generatedDtypes(const std::string &text, const std::string &object,
                                                const std::string &key, size_t use) {
  static const std::regex dt(R"re((?:ge::)?(DT_\w+))re");
  const std::regex ctor("\\b" + object + "\\s*([({])\\s*[({]?\\s*\\{\\s*\"");
  std::string args;
  for (std::sregex_iterator it(text.begin(), text.end(), ctor), end; it != end; ++it)
    if (size_t(it->position(0)) < use)
      args = balanced(text, size_t(it->position(1)));
  if (args.empty())
    return {};
  static const std::regex pair(R"re(\{\s*"(\w+)"\s*,\s*(?:\w+::)*(\w+)\s*\})re");
  std::vector<std::pair<std::string, std::vector<std::string>>> lists;
  for (std::sregex_iterator it(args.begin(), args.end(), pair), end; it != end; ++it) {
    std::string body = namedDtypeList(text, (*it)[2], use);
    std::vector<std::string> dts;
    for (std::sregex_iterator g(body.begin(), body.end(), dt); g != end; ++g)
      dts.push_back((*g)[1]);
    if (!dts.empty())
      lists.push_back({(*it)[1], dts});
  }
  size_t total = 1, stride = 0;
  const std::vector<std::string> *mine = nullptr;
  for (auto &[k, l] : lists) {
    if (k == key && !mine) {
      mine = &l;
      stride = total;
    }
    total *= l.size();
    if (total > 4096)
      return {};
  }
  if (!mine)
    return {};
  std::vector<std::string> out;
  for (size_t c = 0; c < total; ++c)
    out.push_back((*mine)[(c / stride) % mine->size()]);
  return out;
}

std::optional<OpDefinition> parseOpDef(const std::string &raw, const std::string &file) {
  std::string text = stripComments(raw);
  static const std::regex cls(R"re(class\s+(\w+)\s*:\s*public\s+(?:ops::)?OpDef\b)re");
  std::smatch m;
  if (!std::regex_search(text, m, cls))
    return std::nullopt;
  OpDefinition d;
  d.opName = m[1];
  d.file = file;
  // this->Input("x") ... .DataType({ge::DT_FLOAT16, ...}) up to the next `;`;
  // also on an OpAICoreConfig (`aicoreConfig.Input("x")`, ops-math real).
  static const std::regex param(R"re((?:this\s*->|\b\w+\s*\.)\s*(Input|Output)\s*\(\s*"(\w+)"\s*\))re");
  std::set<std::string> seen;
  for (std::sregex_iterator it(text.begin(), text.end(), param), end; it != end; ++it) {
    OpParam p;
    p.isOutput = (*it)[1] == "Output";
    p.name = (*it)[2];
    if (!seen.insert(p.name).second)
      continue;
    size_t from = size_t(it->position(0) + it->length(0));
    size_t semi = text.find(';', from);
    std::string chain = text.substr(from, semi == std::string::npos ? std::string::npos : semi - from);
    static const std::regex scalarCall(R"re(\.\s*Scalar\s*\(\s*\))re");
    p.scalar = !p.isOutput && std::regex_search(chain, scalarCall);
    size_t dt = chain.find(".DataType(");
    if (dt != std::string::npos) {
      std::string list = trim(balanced(chain, dt + 9));
      // `.DataType(dataType)`: a list defined by name earlier in the file
      // (110 of ops-math's 544 OpDef files); a name defined nowhere, or a
      // list built by a call (`gen.GetSequence(..)`), leaves the dtypes free.
      static const std::regex ident(R"re((?:\w+::)*(\w+))re");
      static const std::regex generated(
          R"re(\{?\s*(\w+)\s*(?:\.|->)\s*GetSequence\s*(?:<[^>]*>)?\s*\(\s*"(\w+)"\s*\)\s*\}?)re");
      std::smatch im;
      if (std::regex_match(list, im, generated)) {
        p.dtypes = generatedDtypes(text, im[1], im[2], size_t(it->position(0)));
        list.clear();
      } else if (std::regex_match(list, im, ident)) {
        list = namedDtypeList(text, im[1], size_t(it->position(0)));
      }
      static const std::regex ge(R"re((?:ge::)?(DT_\w+))re");
      for (std::sregex_iterator g(list.begin(), list.end(), ge); g != end; ++g)
        p.dtypes.push_back((*g)[1]);
    }
    d.params.push_back(p);
  }
  static const std::regex chip(R"re(AddConfig\s*\(\s*"(\w+)")re");
  for (std::sregex_iterator it(text.begin(), text.end(), chip), end; it != end; ++it)
    if (std::find(d.chips.begin(), d.chips.end(), (*it)[1].str()) == d.chips.end())
      d.chips.push_back((*it)[1]);
  return d;
}

std::string cppTypeOfDtype(const std::string &dt) {
  // asc-devkit cmake/asc/fwk_modules/util/ascendc_impl_build.py DTYPE_MAP.
  static const std::map<std::string, std::string> map = {{"DT_FLOAT", "float"},
                                                         {"DT_FLOAT16", "half"},
                                                         {"DT_INT8", "int8_t"},
                                                         {"DT_INT16", "int16_t"},
                                                         {"DT_INT32", "int32_t"},
                                                         {"DT_INT64", "int64_t"},
                                                         {"DT_UINT8", "uint8_t"},
                                                         {"DT_UINT16", "uint16_t"},
                                                         {"DT_UINT32", "uint32_t"},
                                                         {"DT_UINT64", "uint64_t"},
                                                         {"DT_BOOL", "bool"},
                                                         {"DT_DOUBLE", "double"},
                                                         {"DT_BF16", "bfloat16_t"},
                                                         {"DT_INT4", "int4b_t"},
                                                         {"DT_COMPLEX32", "complex32"},
                                                         {"DT_COMPLEX64", "complex64"},
                                                         {"DT_HIFLOAT8", "hifloat8_t"},
                                                         {"DT_FLOAT8_E5M2", "fp8_e5m2_t"},
                                                         {"DT_FLOAT8_E4M3FN", "fp8_e4m3fn_t"},
                                                         {"DT_FLOAT8_E8M0", "fp8_e8m0_t"}};
  auto it = map.find(dt);
  return it == map.end() ? std::string() : it->second;
}

std::vector<std::string> OpProject::filesUsed() const {
  std::vector<std::string> out;
  for (const OpDefinition &d : opDefs)
    out.push_back(d.file);
  for (const std::string &f : tilingHeaders)
    if (std::find(out.begin(), out.end(), f) == out.end())
      out.push_back(f);
  return out;
}

std::string OpProject::defaultTilingStruct(const std::string &kernelName) const {
  std::vector<std::string> ops;
  if (!kernelName.empty())
    ops.push_back(camel(kernelName));
  for (const OpDefinition &d : opDefs)
    ops.push_back(d.opName);
  for (const std::string &op : ops)
    for (auto &[name, st] : registered)
      if (name == op)
        return st;
  // The one registration without a tiling-key suffix (`Op` beside `Op_101`).
  std::set<std::string> plain;
  for (auto &[name, st] : registered) {
    size_t u = name.rfind('_');
    bool keyed = u != std::string::npos && u + 1 < name.size() &&
                 name.find_first_not_of("0123456789", u + 1) == std::string::npos;
    if (!keyed)
      plain.insert(st);
  }
  if (plain.size() == 1)
    return *plain.begin();
  // One struct registered under several keys, or only one struct at all.
  std::set<std::string> distinct;
  for (auto &r : registered)
    distinct.insert(r.second);
  if (distinct.size() == 1)
    return *distinct.begin();
  if (registered.empty() && tilingStructs.size() == 1)
    return tilingStructs[0].name;
  return {};
}

std::optional<OpProject> findOpProject(const std::string &kernelFile, const std::string &overrideRoot) {
  llvm::SmallString<256> abs(kernelFile);
  llvm::sys::fs::make_absolute(abs);
  llvm::sys::path::remove_dots(abs, true);
  std::string root;
  if (!overrideRoot.empty()) {
    llvm::SmallString<256> r(overrideRoot);
    llvm::sys::fs::make_absolute(r);
    llvm::sys::path::remove_dots(r, true);
    if (!isDir(join(std::string(r), "op_host")) && !isDir(join(std::string(r), "op_kernel")))
      return std::nullopt;
    root = std::string(r);
  } else {
    std::string dir = std::string(llvm::sys::path::parent_path(abs));
    for (int up = 0; up < 5 && !dir.empty(); ++up) {
      if (llvm::sys::path::filename(dir) == "op_kernel") {
        std::string parent = std::string(llvm::sys::path::parent_path(dir));
        if (isDir(join(parent, "op_host")))
          root = parent;
        break;
      }
      std::string parent = std::string(llvm::sys::path::parent_path(dir));
      if (parent == dir)
        break;
      dir = parent;
    }
    if (root.empty())
      return std::nullopt;
  }
  OpProject p;
  p.root = root;
  std::string host = join(root, "op_host"), kernel = join(root, "op_kernel");
  if (isDir(host))
    p.hostFiles = filesUnder(host);
  std::vector<std::string> kernelFiles = isDir(kernel) ? filesUnder(kernel) : std::vector<std::string>{};
  std::vector<std::string> inferShapeSources; // texts registering IMPL_OP_INFERSHAPE
  for (const std::string &f : p.hostFiles) {
    std::string text = readText(f);
    if (llvm::StringRef(f).ends_with("_def.cpp")) {
      if (auto d = parseOpDef(text, f))
        p.opDefs.push_back(*d);
    } else if (llvm::StringRef(f).ends_with(".cpp")) {
      if (!p.hostOpDef && text.find("OpDef") != std::string::npos)
        p.hostOpDef = parseOpDef(text, f);
      if (text.find("IMPL_OP_INFERSHAPE") != std::string::npos)
        inferShapeSources.push_back(text);
    }
    if (text.find("BEGIN_TILING_DATA_DEF") != std::string::npos) {
      auto structs = parseTilingStructs(text, f, &p.registered);
      if (!structs.empty() || !p.registered.empty())
        p.tilingHeaders.push_back(f);
      p.tilingStructs.insert(p.tilingStructs.end(), structs.begin(), structs.end());
    } else if (text.find("REGISTER_TILING_DATA_CLASS") != std::string::npos) {
      // A registration of a struct another operator defines, in a header
      // this one includes by its path in the repository (ops-math
      // arg_max_v2: `#include "math/arg_max_with_value/op_host/arch35/
      // arg_common_base_tiling_arch35.h"`, then REGISTER_TILING_DATA_CLASS(
      // ArgMaxV2, ArgMaxWithValueTilingData)).
      parseTilingStructs(text, f, &p.registered);
      static const std::regex quotedInclude(R"re(#\s*include\s*"([^"]+)")re");
      std::string clean = stripComments(text);
      for (std::sregex_iterator it(clean.begin(), clean.end(), quotedInclude), end; it != end; ++it) {
        std::string inc = (*it)[1];
        std::string found;
        std::string dir = std::string(llvm::sys::path::parent_path(f));
        for (int up = 0; up < 8 && !dir.empty() && found.empty(); ++up) {
          std::string cand = join(dir, inc);
          if (llvm::sys::fs::is_regular_file(cand))
            found = cand;
          std::string parent = std::string(llvm::sys::path::parent_path(dir));
          if (parent == dir)
            break;
          dir = parent;
        }
        if (found.empty() || std::find(p.tilingHeaders.begin(), p.tilingHeaders.end(), found) != p.tilingHeaders.end())
          continue;
        std::string incText = readText(found);
        if (incText.find("BEGIN_TILING_DATA_DEF") == std::string::npos)
          continue;
        std::vector<std::pair<std::string, std::string>> theirs; // registrations of the other operator
        auto structs = parseTilingStructs(incText, found, &theirs);
        if (structs.empty())
          continue;
        p.tilingHeaders.push_back(found);
        p.tilingStructs.insert(p.tilingStructs.end(), structs.begin(), structs.end());
      }
    }
  }
  // Shape inference, for the OpDef the host reader takes (once here: the
  // reader runs for every build configuration and target).
  if (const OpDefinition *def = p.readerOpDef()) {
    std::vector<std::string> inputs, outputs;
    for (const OpParam &prm : def->params)
      (prm.isOutput ? outputs : inputs).push_back(prm.name);
    for (const std::string &text : inferShapeSources)
      for (auto &[o, i] : parseShapeCopies(text, def->opName, inputs, outputs))
        p.shapeCopies.emplace(o, i);
  }
  static const std::regex defined(R"re((?:struct|class)\s+(\w+)\s*(?:final\s*)?[:{])re");
  for (const std::string &f : kernelFiles) {
    std::string text = stripComments(readText(f));
    if (text.find("ASCENDC_TPL_ARGS_DECL") != std::string::npos)
      p.tilingKeyHeaders.push_back(f);
    if (text.find("BEGIN_TILING_DATA_DEF") != std::string::npos) {
      auto structs = parseTilingStructs(text, f, &p.registered);
      if (!structs.empty())
        p.tilingHeaders.push_back(f);
      p.tilingStructs.insert(p.tilingStructs.end(), structs.begin(), structs.end());
    }
    for (std::sregex_iterator it(text.begin(), text.end(), defined), end; it != end; ++it) {
      p.kernelDefinedStructs.push_back((*it)[1]);
      p.kernelDefinedStructFiles.push_back({(*it)[1], f});
    }
  }
  // An operator whose kernel includes another operator's kernel headers (the
  // staged layout) may have its tiling struct registered in that operator's
  // op_host (ops-math circular_pad_grad: REGISTER_TILING_DATA_CLASS(
  // CircularPadGrad, CircularPadCommonTilingData) in circular_pad/op_host/).
  std::set<std::string> ownOps;
  for (const OpDefinition &d : p.opDefs)
    ownOps.insert(d.opName);
  bool registeredHere = false;
  for (auto &r : p.registered)
    registeredHere = registeredHere || ownOps.count(r.first);
  if (!ownOps.empty() && !registeredHere) {
    static const std::regex quoted(R"re(#\s*include\s*"([^"]+)")re");
    std::set<std::string> others;
    for (const std::string &f : kernelFiles) {
      std::string text = readText(f);
      std::string fdir = std::string(llvm::sys::path::parent_path(f));
      for (std::sregex_iterator it(text.begin(), text.end(), quoted), end; it != end; ++it) {
        std::string inc = join(fdir, (*it)[1]);
        if (llvm::sys::fs::exists(inc))
          continue;
        std::string real = stagedKernelPath(inc);
        size_t at = real.find("/op_kernel/");
        if (at != std::string::npos && real.substr(0, at) != root)
          others.insert(real.substr(0, at));
      }
    }
    for (const std::string &other : others)
      for (const std::string &f :
           isDir(join(other, "op_host")) ? filesUnder(join(other, "op_host")) : std::vector<std::string>{}) {
        std::string text = readText(f);
        if (text.find("BEGIN_TILING_DATA_DEF") == std::string::npos)
          continue;
        std::vector<std::pair<std::string, std::string>> regs;
        auto structs = parseTilingStructs(text, f, &regs);
        bool ours = false;
        for (auto &r : regs)
          ours = ours || ownOps.count(r.first);
        if (!ours)
          continue;
        for (auto &r : regs)
          if (ownOps.count(r.first))
            p.registered.push_back(r);
        p.tilingHeaders.push_back(f);
        p.tilingStructs.insert(p.tilingStructs.end(), structs.begin(), structs.end());
      }
  }
  // Common include folders of the repository: an `include`/`inc` folder or
  // `common` beside an ancestor (ops-math: math/../common/inc ...).
  std::string dir = std::string(llvm::sys::path::parent_path(root));
  for (int up = 0; up < 3 && !dir.empty(); ++up) {
    for (const char *sub : {"include", "inc", "common/inc", "common/include", "common"})
      if (isDir(join(dir, sub)))
        p.includeDirs.push_back(join(dir, sub));
    std::string parent = std::string(llvm::sys::path::parent_path(dir));
    if (parent == dir)
      break;
    dir = parent;
  }
  return p;
}

std::vector<MacroSet> dtypeVariants(const OpProject &p, const std::vector<std::string> &usedMacros) {
  std::vector<MacroSet> out;
  if (p.opDefs.empty())
    return out;
  const OpDefinition &d = p.opDefs.front();
  size_t n = 0;
  for (const OpParam &prm : d.params)
    n = std::max(n, prm.dtypes.size());
  std::set<std::string> labels;
  for (size_t col = 0; col < n; ++col) {
    MacroSet ms;
    bool ok = true;
    for (const OpParam &prm : d.params) {
      if (prm.dtypes.empty())
        continue;
      const std::string &dt = prm.dtypes[std::min(col, prm.dtypes.size() - 1)];
      std::string cpp = cppTypeOfDtype(dt);
      std::string name = upper(prm.name);
      bool used = std::find(usedMacros.begin(), usedMacros.end(), "DTYPE_" + name) != usedMacros.end() ||
                  std::find(usedMacros.begin(), usedMacros.end(), "ORIG_DTYPE_" + name) != usedMacros.end();
      if (cpp.empty()) {
        ok &= !used; // the build has no C++ type: that combination is not compiled here
        continue;
      }
      ms.defines.push_back({"DTYPE_" + name, cpp});
      ms.defines.push_back({"ORIG_DTYPE_" + name, dt});
      if (used)
        ms.label += (ms.label.empty() ? "" : ", ") + ("DTYPE_" + name + "=" + cpp);
    }
    // Combinations that differ only in macros the kernel does not use are one variant.
    if (ok && labels.insert(ms.label).second)
      out.push_back(ms);
  }
  return out;
}

// The files a kernel file includes with quoted includes, found beside the
// including file or under the project's op_kernel/ (textually: conditional
// includes are all followed, an over-approximation of what is compiled).
static std::set<std::string> quotedIncludeClosure(const std::string &file, const std::vector<std::string> &bases) {
  static const std::regex inc(R"re(#\s*include\s*"([^"]+)")re");
  std::set<std::string> seen;
  std::vector<std::string> todo = {file};
  while (!todo.empty() && seen.size() < 200) {
    std::string f = todo.back();
    todo.pop_back();
    if (!seen.insert(f).second)
      continue;
    std::string text = readText(f);
    std::string dir = std::string(llvm::sys::path::parent_path(f));
    for (std::sregex_iterator it(text.begin(), text.end(), inc), end; it != end; ++it)
      for (const std::string &base : [&] {
             std::vector<std::string> b = {dir};
             b.insert(b.end(), bases.begin(), bases.end());
             return b;
           }()) {
        llvm::SmallString<256> cand(base);
        llvm::sys::path::append(cand, std::string((*it)[1]));
        llvm::sys::path::remove_dots(cand, true);
        if (llvm::sys::fs::is_regular_file(cand)) {
          todo.push_back(std::string(cand));
          break;
        }
      }
  }
  return seen;
}

std::string tilingPrelude(const OpProject *p, const std::string &synthName, const std::string &extra,
                          const std::string &kernelFile, const std::set<std::string> &wanted) {
  std::string out = "// ascendc-lint: generated from the operator project (see --op-root)\n#pragma once\n";
  std::string chosen;
  if (p) {
    std::set<std::string> own;
    if (kernelFile.empty()) {
      own.insert(p->kernelDefinedStructs.begin(), p->kernelDefinedStructs.end());
    } else {
      llvm::SmallString<256> abs(kernelFile);
      llvm::sys::fs::make_absolute(abs);
      llvm::sys::path::remove_dots(abs, true);
      std::vector<std::string> bases = {join(p->root, "op_kernel"), p->root,
                                        std::string(llvm::sys::path::parent_path(p->root))};
      bases.insert(bases.end(), p->includeDirs.begin(), p->includeDirs.end());
      std::set<std::string> closure = quotedIncludeClosure(std::string(abs), bases);
      for (auto &[name, f] : p->kernelDefinedStructFiles) {
        llvm::SmallString<256> fa(f);
        llvm::sys::fs::make_absolute(fa);
        llvm::sys::path::remove_dots(fa, true);
        if (closure.count(std::string(fa)))
          own.insert(name);
      }
    }
    for (const std::string &w : wanted)
      own.erase(w);
    std::map<std::string, const TilingStruct *> byName;
    for (const TilingStruct &s : p->tilingStructs)
      byName.emplace(s.name, &s);
    bool needLib = false;
    for (const TilingStruct &s : p->tilingStructs)
      for (const TilingField &f : s.fields)
        needLib |= f.isStruct && !byName.count(f.type);
    if (needLib)
      out += "#include \"kernel_tiling/kernel_tiling.h\"\n";
    // Nested structs first (depth-first), each once.
    std::set<std::string> done, emittedDecls;
    std::function<void(const TilingStruct &)> emit = [&](const TilingStruct &s) {
      if (!done.insert(s.name).second)
        return;
      for (const TilingField &f : s.fields)
        if (f.isStruct && byName.count(f.type))
          emit(*byName[f.type]);
      if (own.count(s.name))
        return; // the kernel's sources define it
      std::string decls;
      for (const std::string &d : s.constantDecls)
        if (emittedDecls.insert(d).second) // two structs of one header share their constants
          decls += d + "\n";
      if (!decls.empty())
        out += "namespace ascendc_lint_tiling {\n" + decls + "}\n";
      out += "struct " + s.name + " {\n";
      for (const TilingField &f : s.fields)
        out += "  " + f.type + " " + f.name + (f.arrayLen.empty() ? "" : "[" + f.arrayLen + "]") + ";\n";
      out += "};\n";
    };
    for (const TilingStruct &s : p->tilingStructs)
      emit(s);
    // The generated header declares the structs in the global namespace;
    // host-style code names them through optiling::.
    if (!done.empty()) {
      out += "namespace optiling {\n";
      for (const std::string &n : done)
        if (!own.count(n))
          out += "using ::" + n + ";\n";
      out += "}\n";
    }
    chosen = p->defaultTilingStruct();
  }
  out += extra;
  if (chosen.empty()) {
    chosen = synthName;
    if (extra.find("struct " + synthName + " ") == std::string::npos)
      out += "struct " + synthName + " {};\n";
  }
  // REGISTER_TILING_DEFAULT(S) in a kernel body declares a local alias of
  // this name (api/include/ascendc_lint/macros.h): plain GET_TILING_DATA
  // after it reads S (asc-devkit kernel_tiling: the registered default),
  // elsewhere the op's registered struct.
  out += "using AscendcLintRegisteredTiling = " + chosen + ";\n";
  out += "#define GET_TILING_DATA(var, arg) AscendcLintRegisteredTiling var = "
         "::ascendc_lint::tiling_data<AscendcLintRegisteredTiling>(arg)\n";
  out += "#define GET_TILING_DATA_MEMBER(type, member, var, arg) "
         "auto var = ::ascendc_lint::tiling_data<type>(arg).member\n";
  return out;
}

std::string stagedKernelPath(const std::string &requested) {
  const std::string marker = "/op_kernel/";
  size_t at = requested.find(marker);
  if (at == std::string::npos)
    return "";
  const std::string opDir = requested.substr(0, at);
  const std::string op = std::string(llvm::sys::path::filename(opDir));
  // The staged path: `/<op>/<what follows op_kernel/>`, dots removed.
  llvm::SmallString<256> staged("/" + op + "/" + requested.substr(at + marker.size()));
  llvm::sys::path::remove_dots(staged, /*remove_dot_dot=*/true, llvm::sys::path::Style::posix);
  llvm::StringRef rest = llvm::StringRef(staged).drop_front(1);
  auto parts = rest.split('/');
  llvm::StringRef target = parts.first, tail = parts.second;
  if (target.empty() || target == "op_kernel" || target == "op_host")
    return "";
  // Clang asks for the folder first, then the file in it: both are mapped.
  auto mapped = [&](const std::string &opRoot) {
    return tail.empty() ? join(opRoot, "op_kernel") : join(join(opRoot, "op_kernel"), tail.str());
  };
  if (target == op) { // its own folder, addressed through the staged name
    std::string file = mapped(opDir);
    return llvm::sys::fs::exists(file) ? file : "";
  }
  // Look for the operator `target` beside `op`, or one category away. Clang
  // probes many paths per include (each search folder): folder listings are
  // kept.
  static std::mutex listingsLock;
  static std::map<std::string, std::vector<std::string>> listings;
  auto subdirs = [](const std::string &dir) {
    std::lock_guard<std::mutex> l(listingsLock);
    auto it = listings.find(dir);
    if (it != listings.end())
      return it->second;
    std::vector<std::string> out;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator d(dir, ec), end; d != end && !ec; d.increment(ec))
      if (isDir(d->path()))
        out.push_back(d->path());
    std::sort(out.begin(), out.end());
    return listings[dir] = out;
  };
  std::string dir = std::string(llvm::sys::path::parent_path(opDir));
  for (int up = 0; up < 4 && !dir.empty(); ++up) {
    std::vector<std::string> candidates{join(dir, target.str())};
    for (const std::string &sub : subdirs(dir))
      candidates.push_back(join(sub, target.str()));
    for (const std::string &c : candidates) {
      std::string file = mapped(c);
      if (isDir(join(c, "op_kernel")) && llvm::sys::fs::exists(file))
        return file;
    }
    std::string parent = std::string(llvm::sys::path::parent_path(dir));
    if (parent == dir)
      break;
    dir = parent;
  }
  return "";
}

} // namespace alint::project

namespace alint::project {

std::map<std::string, std::string> parseShapeCopies(const std::string &raw, const std::string &opName,
                                                    const std::vector<std::string> &inputs,
                                                    const std::vector<std::string> &outputs) {
  std::map<std::string, std::string> out;
  const std::string text = stripComments(raw);
  std::smatch m;
  const std::regex reg("IMPL_OP_INFERSHAPE\\s*\\(\\s*" + opName +
                       "\\s*\\)\\s*\\.\\s*InferShape\\s*\\(\\s*([A-Za-z_]\\w*)\\s*\\)");
  if (!std::regex_search(text, m, reg))
    return out;
  const std::string fn = m[1];
  // The definition: `graphStatus fn(gert::InferShapeContext *ctx) {`.
  const std::regex def("graphStatus\\s+" + fn +
                       "\\s*\\(\\s*(?:gert::)?InferShapeContext\\s*\\*\\s*([A-Za-z_]\\w*)\\s*\\)\\s*\\{");
  if (!std::regex_search(text, m, def))
    return out;
  const std::string ctx = m[1];
  size_t open = size_t(m.position(0) + m.length(0)) - 1, depth = 0, close = std::string::npos;
  for (size_t i = open; i < text.size(); ++i) {
    if (text[i] == '{')
      ++depth;
    else if (text[i] == '}' && --depth == 0) {
      close = i;
      break;
    }
  }
  if (close == std::string::npos)
    return out;
  const std::string body = text.substr(open + 1, close - open - 1);
  // Shape variables bound once to an output or input of the context.
  std::map<std::string, unsigned> outVar, inVar;
  std::map<std::string, unsigned> bindings;
  // Indices written as integer constants of the file (`constexpr uint32_t
  // INPUT_X_IDX = 0;`) or literally.
  std::map<std::string, unsigned> constants;
  const std::regex constant(
      "\\bconst(?:expr)?\\s+(?:static\\s+)?[A-Za-z_][\\w:]*\\s+([A-Za-z_]\\w*)\\s*=\\s*(\\d+)[uUlL]*\\s*;");
  for (std::sregex_iterator it(text.begin(), text.end(), constant), end; it != end; ++it)
    if (!constants.emplace((*it)[1], unsigned(std::stoul((*it)[2]))).second)
      constants[(*it)[1]] = ~0u; // defined twice (in two scopes): not used
  const std::regex bind("\\b([A-Za-z_]\\w*)\\s*=\\s*" + ctx +
                        "\\s*->\\s*Get(Output|Input)Shape\\s*\\(\\s*(\\d+|[A-Za-z_]\\w*)\\s*\\)");
  for (std::sregex_iterator it(body.begin(), body.end(), bind), end; it != end; ++it) {
    const std::string v = (*it)[1], idx = (*it)[3];
    ++bindings[v];
    unsigned k = ~0u;
    if (std::isdigit(static_cast<unsigned char>(idx[0])))
      k = unsigned(std::stoul(idx));
    else if (auto c = constants.find(idx); c != constants.end())
      k = c->second;
    ((*it)[2] == "Output" ? outVar : inVar)[v] = k;
  }
  const std::regex copy("\\*\\s*([A-Za-z_]\\w*)\\s*=\\s*\\*\\s*([A-Za-z_]\\w*)\\s*;");
  for (std::sregex_iterator it(body.begin(), body.end(), copy), end; it != end; ++it) {
    const std::string o = (*it)[1], i = (*it)[2];
    if (!outVar.count(o) || !inVar.count(i) || bindings[o] != 1 || bindings[i] != 1)
      continue;
    if (outVar[o] >= outputs.size() || inVar[i] >= inputs.size())
      continue;
    const size_t at = size_t(it->position(0));
    // Unconditional: at the body's top level, and every return before it a
    // failure (a null check's).
    int level = 0;
    for (size_t k = 0; k < at; ++k)
      level += body[k] == '{' ? 1 : body[k] == '}' ? -1 : 0;
    if (level != 0)
      continue;
    bool plain = true;
    const std::regex ret("\\breturn\\b([^;]*);");
    const std::string before = body.substr(0, at);
    for (std::sregex_iterator r(before.begin(), before.end(), ret), e; plain && r != e; ++r)
      plain = (*r)[1].str().find("FAILED") != std::string::npos;
    // A statement without braces under an `if` or a loop just before it.
    const std::regex guarded("(\\bif\\b|\\bfor\\b|\\bwhile\\b|\\belse\\b)[^;{}]*$");
    plain = plain && !std::regex_search(before, guarded);
    // Every other use of the output variable: its binding or a null check.
    const std::regex use("\\b" + o + "\\b");
    for (std::sregex_iterator u(body.begin(), body.end(), use), e; plain && u != e; ++u) {
      const size_t p = size_t(u->position(0));
      if (p == size_t(it->position(1)))
        continue; // the copy itself
      const size_t lineStart = body.rfind('\n', p) == std::string::npos ? 0 : body.rfind('\n', p) + 1;
      const size_t lineEnd = body.find('\n', p);
      const std::string line =
          body.substr(lineStart, lineEnd == std::string::npos ? std::string::npos : lineEnd - lineStart);
      const bool isBinding =
          std::regex_search(line, std::regex("\\b" + o + "\\s*=\\s*" + ctx + "\\s*->\\s*GetOutputShape"));
      const bool isNullCheck =
          line.find("CHECK_NULL") != std::string::npos ||
          std::regex_search(line, std::regex("\\b" + o + "\\s*==\\s*nullptr|nullptr\\s*==\\s*" + o + "\\b"));
      plain = isBinding || isNullCheck;
    }
    if (plain)
      out[outputs[outVar[o]]] = inputs[inVar[i]];
  }
  return out;
}

} // namespace alint::project
