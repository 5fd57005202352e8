#include "cli/Baseline.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <fstream>
#include <map>
#include <sstream>

namespace alint {

using nlohmann::json;

namespace {

std::string maskNumbers(const std::string &s) {
  std::string r;
  for (size_t i = 0; i < s.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(s[i]))) {
      while (i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])))
        ++i;
      r += '#';
    } else
      r += s[i];
  }
  return r;
}

std::string absPath(const std::string &p) {
  llvm::SmallString<256> a(p);
  llvm::sys::fs::make_absolute(a);
  llvm::sys::path::remove_dots(a, true);
  return std::string(a);
}

// `file` relative to `dir` (both made absolute); the absolute path when it
// is not below it.
std::string relativeTo(const std::string &file, const std::string &dir) {
  std::string f = absPath(file), d = absPath(dir);
  if (!d.empty() && d.back() != '/')
    d += '/';
  if (f.compare(0, d.size(), d) == 0)
    return f.substr(d.size());
  return f;
}

std::string baselineDir(const std::string &path) {
  std::string a = absPath(path);
  return std::string(llvm::sys::path::parent_path(a));
}

// A string as it reads back from the baseline: JSON holds only UTF-8, so
// bytes that are not (a file name in another encoding) are written as U+FFFD;
// the comparison uses the same form.
std::string asStored(const std::string &s) {
  return json::parse(json(s).dump(-1, ' ', false, json::error_handler_t::replace)).get<std::string>();
}

// Findings a baseline covers: errors and warnings (notes are not findings).
bool recorded(const Diagnostic &d) { return d.severity != Severity::Note; }

} // namespace

std::string fingerprint(const Diagnostic &d, SourceText &src) {
  std::string key = d.check + "|" + d.kernel + "|" + d.target + "|" + normalizeCode(src.line(d.loc.file, d.loc.line));
  for (const Related &r : d.related)
    key += "|" + normalizeCode(src.line(r.loc.file, r.loc.line));
  key += "|" + maskNumbers(d.message);
  // FNV-1a, 64 bits: stable across builds and platforms.
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char ch : key) {
    h ^= ch;
    h *= 1099511628211ULL;
  }
  std::ostringstream s;
  s.width(16);
  s.fill('0');
  s << std::hex << h;
  return s.str();
}

bool writeBaseline(const RunResult &rr, SourceText &src, const std::string &path, std::string &error) {
  std::string dir = baselineDir(path);
  json list = json::array();
  for (const FileResult &fr : rr.files)
    for (const Diagnostic &d : fr.diags)
      if (recorded(d))
        list.push_back({{"check", d.check},
                        {"file", relativeTo(d.loc.file, dir)},
                        {"kernel", d.kernel},
                        {"target", d.target},
                        {"fingerprint", fingerprint(d, src)},
                        {"message", d.message}});
  json doc = {{"version", 1}, {"tool", "ascendc-lint"}, {"findings", list}};
  std::ofstream out(path);
  if (!out) {
    error = path + ": cannot write the baseline";
    return false;
  }
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
  return bool(out);
}

// "line:column" of byte offset `at` of `text` (1-based).
static std::string lineColumn(const std::string &text, size_t at) {
  size_t line = 1, col = 1;
  for (size_t i = 0; i < at && i < text.size(); ++i, ++col)
    if (text[i] == '\n')
      ++line, col = 0;
  return std::to_string(line) + ":" + std::to_string(col);
}

bool loadBaseline(const std::string &path, std::map<std::pair<std::string, std::string>, int> &left,
                  std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot open the baseline";
    return false;
  }
  // Bounded input: a baseline is an object holding an array of flat objects.
  // Deeper nesting is never one, and would cost the recursive parser its
  // stack; a size past 256 MiB is not a baseline either.
  constexpr size_t kMaxBytes = size_t(256) << 20, kMaxDepth = 8;
  std::string text;
  {
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
      text.append(buf, size_t(in.gcount()));
      if (text.size() > kMaxBytes) {
        error = path + ": more than " + std::to_string(kMaxBytes >> 20) + " MiB: not a baseline";
        return false;
      }
    }
  }
  size_t depth = 0;
  bool inString = false, escaped = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char ch = text[i];
    if (inString) {
      if (escaped)
        escaped = false;
      else if (ch == '\\')
        escaped = true;
      else if (ch == '"')
        inString = false;
    } else if (ch == '"') {
      inString = true;
    } else if (ch == '{' || ch == '[') {
      if (++depth > kMaxDepth) {
        error = path + ":" + lineColumn(text, i) + ": nested deeper than " + std::to_string(kMaxDepth) +
                " levels: not a baseline";
        return false;
      }
    } else if ((ch == '}' || ch == ']') && depth) {
      --depth;
    }
  }
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error &e) {
    std::string what = e.what();
    // nlohmann: "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..."
    size_t colon = what.find(": ", what.find("parse error"));
    what = colon == std::string::npos ? what : what.substr(colon + 2);
    if (what.size() > 160)
      what = what.substr(0, 160) + "...";
    for (char &ch : what)
      if (ch == '\n' || ch == '\r')
        ch = ' ';
    error = path + ":" + lineColumn(text, e.byte ? e.byte - 1 : 0) + ": invalid JSON: " + what;
    return false;
  }
  if (!doc.is_object() || !doc.contains("findings") || !doc["findings"].is_array()) {
    error = path + ": not a baseline (a JSON object with a \"findings\" array, from --write-baseline)";
    return false;
  }
  size_t index = 0;
  for (const json &e : doc["findings"]) {
    if (!e.is_object() || !e.contains("file") || !e.contains("fingerprint") || !e["file"].is_string() ||
        !e["fingerprint"].is_string()) {
      error =
          path + ": findings[" + std::to_string(index) + "]: a finding without \"file\" and \"fingerprint\" strings";
      return false;
    }
    ++index;
    ++left[{e["file"].get<std::string>(), e["fingerprint"].get<std::string>()}];
  }
  return true;
}

int applyBaseline(RunResult &rr, SourceText &src, const std::string &path, std::string &error) {
  std::map<std::pair<std::string, std::string>, int> left; // (file, fingerprint) -> copies
  if (!loadBaseline(path, left, error))
    return -1;
  std::string dir = baselineDir(path);
  int hidden = 0;
  for (FileResult &fr : rr.files) {
    std::vector<Diagnostic> kept;
    for (Diagnostic &d : fr.diags) {
      if (recorded(d)) {
        auto it = left.find({asStored(relativeTo(d.loc.file, dir)), fingerprint(d, src)});
        if (it != left.end() && it->second > 0) {
          --it->second;
          ++hidden;
          continue;
        }
      }
      kept.push_back(std::move(d));
    }
    fr.diags = std::move(kept);
  }
  return hidden;
}

} // namespace alint
