// .ascendc-lint.yaml: found upward from each linted file, parsed with LLVM's
// YAML parser so an error names the file, the line and the key.
#include "cli/Config.h"

#include "cli/Options.h"

#include <cctype>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/YAMLParser.h>

#include <algorithm>
#include <map>

namespace alint {

bool parseByteSize(const std::string &s, uint64_t &bytes) {
  size_t i = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
    ++i;
  if (i == 0 || i > 12)
    return false;
  uint64_t n = std::stoull(s.substr(0, i));
  std::string unit = s.substr(i);
  if (unit.empty() || unit == "B")
    bytes = n;
  else if (unit == "K" || unit == "KB" || unit == "KiB" || unit == "k")
    bytes = n * 1024;
  else
    return false;
  return true;
}

bool parseMemorySize(const std::string &v, uint64_t &out) {
  size_t i = 0;
  while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i])))
    ++i;
  if (i == 0 || i > 16)
    return false;
  uint64_t n = std::stoull(v.substr(0, i));
  if (n < 1 || n > (uint64_t(1) << 50))
    return false;
  std::string unit = v.substr(i);
  int shift = unit.empty() || unit == "B"                    ? 0
              : unit == "K" || unit == "KB" || unit == "KiB" ? 10
              : unit == "M" || unit == "MB" || unit == "MiB" ? 20
              : unit == "G" || unit == "GB" || unit == "GiB" ? 30
              : unit == "T" || unit == "TB" || unit == "TiB" ? 40
                                                             : -1;
  if (shift < 0 || n > (UINT64_MAX >> shift))
    return false;
  out = n << shift;
  return true;
}

namespace {

std::string where(llvm::SourceMgr &sm, const std::string &file, llvm::yaml::Node *n) {
  // The parser gave up on this node (a syntax error) or gave it no place of
  // its own (an empty value): the file alone.
  if (!n || !n->getSourceRange().Start.isValid() || !sm.FindBufferContainingLoc(n->getSourceRange().Start))
    return file + ": ";
  auto lc = sm.getLineAndColumn(n->getSourceRange().Start);
  return file + ":" + std::to_string(lc.first) + ":" + std::to_string(lc.second) + ": ";
}

std::optional<std::string> scalar(llvm::yaml::Node *n) {
  auto *s = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(n);
  if (!s)
    return std::nullopt;
  llvm::SmallString<64> storage;
  return s->getValue(storage).str();
}

// A value as it may appear inside a one-line message.
std::string printable(const std::string &v) {
  std::string out;
  for (unsigned char ch : v)
    out += ch < 0x20 || ch == 0x7f ? '?' : char(ch);
  return out.size() > 80 ? out.substr(0, 77) + "..." : out;
}

} // namespace

std::optional<Config> parseConfig(const std::string &text, const std::string &file, std::string &error) {
  llvm::SourceMgr sm;
  std::string diag;
  sm.setDiagHandler(
      [](const llvm::SMDiagnostic &d, void *ctx) {
        auto *out = static_cast<std::string *>(ctx);
        if (out->empty())
          *out = std::to_string(d.getLineNo()) + ":" + std::to_string(d.getColumnNo() + 1) + ": " +
                 printable(d.getMessage().str());
      },
      &diag);
  // A NUL byte would end the text early for the YAML parser: a file that
  // starts with one read as empty (no settings) before.
  if (size_t nul = text.find('\0'); nul != std::string::npos) {
    size_t line = 1 + size_t(std::count(text.begin(), text.begin() + long(nul), '\n'));
    size_t bol = text.rfind('\n', nul);
    size_t col = nul - (bol == std::string::npos ? 0 : bol + 1) + 1;
    error = file + ":" + std::to_string(line) + ":" + std::to_string(col) + ": the configuration contains a NUL byte";
    return std::nullopt;
  }
  llvm::yaml::Stream stream(text, sm);
  Config c;
  c.path = file;
  auto it = stream.begin();
  if (it == stream.end() || !it->getRoot()) {
    if (!diag.empty()) { // not empty: a syntax error before the first node
      error = file + ":" + diag;
      return std::nullopt;
    }
    return c; // empty file: no settings
  }
  llvm::yaml::Node *root = it->getRoot();
  if (!diag.empty()) {
    error = file + ":" + diag;
    return std::nullopt;
  }
  if (llvm::isa<llvm::yaml::NullNode>(root))
    return c;
  auto *map = llvm::dyn_cast<llvm::yaml::MappingNode>(root);
  if (!map) {
    error = where(sm, file, root) + "the configuration must be a mapping of keys (Checks, Targets, ...)";
    return std::nullopt;
  }
  std::map<std::string, std::string> seenAt; // key -> where it was first given
  for (auto &kv : *map) {
    auto rawKey = scalar(kv.getKey());
    if (!diag.empty()) {
      error = file + ":" + diag;
      return std::nullopt;
    }
    if (!rawKey) {
      error = where(sm, file, kv.getKey()) + "a key must be a plain word";
      return std::nullopt;
    }
    auto key = std::optional<std::string>(printable(*rawKey));
    // A repeated key would silently take the last value.
    std::string at = where(sm, file, kv.getKey());
    if (auto [first, fresh] = seenAt.emplace(*key, at); !fresh) {
      std::string firstAt = first->second.substr(file.size());
      firstAt = firstAt.size() > 3 ? " (first at line " + firstAt.substr(1, firstAt.find(':', 1) - 1) + ")" : "";
      error = at + "duplicate key '" + *key + "'" + firstAt;
      return std::nullopt;
    }
    llvm::yaml::Node *value = kv.getValue();
    auto needScalar = [&](std::string &out) -> bool {
      auto v = scalar(value);
      if (!v) {
        error = where(sm, file, value) + "'" + *key + "' needs a single value";
        return false;
      }
      out = *v;
      return true;
    };
    auto needList = [&](std::vector<std::string> &out) -> bool {
      if (auto v = scalar(value)) { // a single item is accepted as a list of one
        out.push_back(*v);
        return true;
      }
      auto *seq = llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(value);
      if (!seq) {
        error = where(sm, file, value) + "'" + *key + "' needs a list";
        return false;
      }
      for (auto &item : *seq) {
        auto v = scalar(&item);
        if (!v) {
          error = where(sm, file, &item) + "items of '" + *key + "' must be plain values";
          return false;
        }
        out.push_back(*v);
      }
      return true;
    };
    auto needBool = [&](std::optional<bool> &out) -> bool {
      std::string v;
      if (!needScalar(v))
        return false;
      if (v == "true" || v == "on" || v == "yes")
        out = true;
      else if (v == "false" || v == "off" || v == "no")
        out = false;
      else {
        error = where(sm, file, value) + "'" + *key + "' must be true or false, not '" + printable(v) + "'";
        return false;
      }
      return true;
    };
    std::string s;
    if (*key == "Checks") {
      if (!needScalar(s))
        return std::nullopt;
      c.checks = s;
    } else if (*key == "WarningsAsErrors") {
      if (!needScalar(s))
        return std::nullopt;
      c.warningsAsErrors = s;
    } else if (*key == "HeaderFilterRegex") {
      if (!needScalar(s))
        return std::nullopt;
      c.headerFilterRegex = s;
    } else if (*key == "Targets") {
      std::vector<std::string> v;
      if (!needList(v))
        return std::nullopt;
      c.targets = v;
    } else if (*key == "Assumptions") {
      if (!needList(c.assumptions))
        return std::nullopt;
    } else if (*key == "AutoSync") {
      if (!needBool(c.autoSync))
        return std::nullopt;
    } else if (*key == "FailOnUnknown") {
      if (!needBool(c.failOnUnknown))
        return std::nullopt;
    } else if (*key == "SimtDCache") {
      uint64_t b = 0;
      if (!needScalar(s))
        return std::nullopt;
      if (!parseByteSize(s, b)) {
        error = where(sm, file, value) + "'SimtDCache' must be a size such as 65536 or 64K, not '" + printable(s) + "'";
        return std::nullopt;
      }
      c.simtDCache = b;
    } else if (*key == "MaxMemory") {
      uint64_t b = 0;
      if (!needScalar(s))
        return std::nullopt;
      if (!parseMemorySize(s, b) || b < kMinMemoryLimit) {
        error = where(sm, file, value) + "'MaxMemory' must be a size of at least 256M such as 4G or 512M, not '" +
                printable(s) + "'";
        return std::nullopt;
      }
      c.maxMemory = b;
    } else if (*key == "OpRoot") {
      if (!needScalar(s))
        return std::nullopt;
      llvm::SmallString<256> r(s);
      if (!llvm::sys::path::is_absolute(r)) {
        r = llvm::sys::path::parent_path(file);
        llvm::sys::path::append(r, s);
      }
      c.opRoot = std::string(r);
    } else if (*key == "ApiDir") {
      if (!needScalar(s))
        return std::nullopt;
      llvm::SmallString<256> r(s);
      if (!llvm::sys::path::is_absolute(r)) {
        r = llvm::sys::path::parent_path(file);
        llvm::sys::path::append(r, s);
      }
      c.apiDir = std::string(r);
    } else if (*key == "InheritParentConfig") {
      std::optional<bool> b;
      if (!needBool(b))
        return std::nullopt;
      c.inheritParent = *b;
    } else {
      error =
          where(sm, file, kv.getKey()) + "unknown key '" + *key +
          "' (Checks, WarningsAsErrors, Targets, Assumptions, AutoSync, FailOnUnknown, SimtDCache, HeaderFilterRegex, "
          "OpRoot, MaxMemory, ApiDir, InheritParentConfig)";
      return std::nullopt;
    }
    if (!diag.empty()) {
      error = file + ":" + diag;
      return std::nullopt;
    }
  }
  if (!diag.empty()) { // a syntax error after the last key
    error = file + ":" + diag;
    return std::nullopt;
  }
  return c;
}

std::optional<Config> loadConfigFile(const std::string &path, std::string &error) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) {
    error = path + ": cannot read the configuration file";
    return std::nullopt;
  }
  return parseConfig((*buf)->getBuffer().str(), path, error);
}

Config mergeConfig(const Config &parent, const Config &child) {
  Config r = child;
  if (child.checks && parent.checks)
    r.checks = *parent.checks + "," + *child.checks;
  else if (!child.checks)
    r.checks = parent.checks;
  if (child.warningsAsErrors && parent.warningsAsErrors)
    r.warningsAsErrors = *parent.warningsAsErrors + "," + *child.warningsAsErrors;
  else if (!child.warningsAsErrors)
    r.warningsAsErrors = parent.warningsAsErrors;
  if (!child.targets)
    r.targets = parent.targets;
  if (!child.autoSync)
    r.autoSync = parent.autoSync;
  if (!child.failOnUnknown)
    r.failOnUnknown = parent.failOnUnknown;
  if (!child.simtDCache)
    r.simtDCache = parent.simtDCache;
  if (!child.opRoot)
    r.opRoot = parent.opRoot;
  if (!child.maxMemory)
    r.maxMemory = parent.maxMemory;
  if (!child.apiDir)
    r.apiDir = parent.apiDir;
  if (!child.headerFilterRegex)
    r.headerFilterRegex = parent.headerFilterRegex;
  r.assumptions = parent.assumptions;
  r.assumptions.insert(r.assumptions.end(), child.assumptions.begin(), child.assumptions.end());
  return r;
}

std::optional<Config> findConfig(const std::string &sourceFile, std::string &error) {
  // By file, with the error of a file that does not load: a second lookup
  // reports it again, not a bare "invalid configuration".
  static std::map<std::string, std::pair<std::optional<Config>, std::string>> cache;
  llvm::SmallString<256> dir(sourceFile);
  llvm::sys::fs::make_absolute(dir);
  llvm::sys::path::remove_filename(dir);
  std::vector<std::string> chain; // config files from the nearest upward
  for (std::string d = std::string(dir); !d.empty(); d = std::string(llvm::sys::path::parent_path(d))) {
    std::string candidate = d + "/.ascendc-lint.yaml";
    if (llvm::sys::fs::exists(candidate))
      chain.push_back(candidate);
    if (llvm::sys::path::parent_path(d) == d)
      break;
  }
  if (chain.empty())
    return Config();
  // Nearest first; go up while InheritParentConfig is set.
  std::vector<Config> used;
  for (const std::string &f : chain) {
    auto it = cache.find(f);
    if (it == cache.end()) {
      std::string err;
      auto c = loadConfigFile(f, err);
      it = cache.emplace(f, std::make_pair(c, err)).first;
    }
    const std::optional<Config> &c = it->second.first;
    if (!c) {
      error = it->second.second.empty() ? f + ": invalid configuration" : it->second.second;
      return std::nullopt;
    }
    used.push_back(*c);
    if (!c->inheritParent)
      break;
  }
  Config r = used.back();
  for (int i = int(used.size()) - 2; i >= 0; --i)
    r = mergeConfig(r, used[i]);
  r.path = used.front().path;
  return r;
}

// A YAML double-quoted scalar: reads back as exactly `v`.
static std::string quoted(const std::string &v) {
  std::string q = "\"";
  for (unsigned char ch : v) {
    if (ch == '"' || ch == '\\') {
      q += '\\';
      q += char(ch);
    } else if (ch < 0x20 || ch == 0x7f) {
      static const char *hex = "0123456789abcdef";
      q += "\\x";
      q += hex[ch >> 4];
      q += hex[ch & 15];
    } else {
      q += char(ch);
    }
  }
  return q + "\"";
}

std::string dumpConfig(const Config &c) {
  std::string s = "---\n";
  s += "Checks: " + quoted(c.checks.value_or("*")) + "\n";
  s += "WarningsAsErrors: " + quoted(c.warningsAsErrors.value_or("")) + "\n";
  std::vector<std::string> targets = c.targets.value_or(std::vector<std::string>{"ascend910b"});
  s += targets.empty() ? "Targets: []\n" : "Targets:\n";
  for (const std::string &t : targets)
    s += "  - " + quoted(t) + "\n";
  s += "Assumptions:";
  if (c.assumptions.empty())
    s += " []";
  s += "\n";
  for (const std::string &a : c.assumptions)
    s += "  - " + quoted(a) + "\n";
  s += std::string("AutoSync: ") + (c.autoSync.value_or(true) ? "true" : "false") + "\n";
  if (c.failOnUnknown)
    s += std::string("FailOnUnknown: ") + (*c.failOnUnknown ? "true" : "false") + "\n";
  if (c.simtDCache)
    s += "SimtDCache: " + std::to_string(*c.simtDCache) + "\n";
  // Unset shows every header: ".*" reads back the same ("" would show none).
  s += "HeaderFilterRegex: " + quoted(c.headerFilterRegex.value_or(".*")) + "\n";
  if (c.opRoot)
    s += "OpRoot: " + quoted(*c.opRoot) + "\n";
  if (c.maxMemory) {
    // In the largest unit that holds it exactly: a size given as 9224T is
    // more bytes than parseMemorySize reads as a plain number (found by
    // fuzz_config: the dump did not read back).
    uint64_t v = *c.maxMemory;
    const char *unit = "";
    for (const char *u : {"K", "M", "G", "T"}) {
      if (v % 1024 != 0)
        break;
      v /= 1024;
      unit = u;
    }
    s += "MaxMemory: " + std::to_string(v) + unit + "\n";
  }
  if (c.apiDir)
    s += "ApiDir: " + quoted(*c.apiDir) + "\n";
  s += "...\n";
  return s;
}

} // namespace alint
