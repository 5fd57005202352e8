#include "cli/FixIts.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <ostream>
#include <set>
#include <tuple>

namespace alint {

namespace {

bool isIdent(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// Index just after the bracket matching text[i] ('<' or '('), or npos.
size_t skipBalanced(const std::string &t, size_t i) {
  char open = t[i], close = open == '<' ? '>' : ')';
  int depth = 0, paren = 0;
  for (; i < t.size(); ++i) {
    char c = t[i];
    if (c == '"' || c == '\'' || c == ';' || c == '{' || c == '}')
      return std::string::npos; // not a plain argument list
    if (open == '<') {
      if (c == '(')
        ++paren;
      else if (c == ')')
        --paren;
      if (paren)
        continue;
    }
    if (c == open)
      ++depth;
    else if (c == close && --depth == 0)
      return i + 1;
  }
  return std::string::npos;
}

// The statement before `lineStart` ends with ';', '{' or '}' (so a line
// inserted before or after the call stays in the same block, under the same
// condition). Lines with a preprocessor directive or a block comment make it
// uncertain.
bool previousEndsStatement(const std::string &t, size_t lineStart) {
  size_t end = lineStart; // t[end - 1] is the newline ending the line above
  while (end > 0) {
    size_t nl = end - 1;
    size_t b = nl == 0 ? std::string::npos : t.rfind('\n', nl - 1);
    b = b == std::string::npos ? 0 : b + 1;
    std::string n = normalizeCode(t.substr(b, nl - b));
    end = b;
    if (n.empty())
      continue;
    if (n[0] == '#' || n.find("*/") != std::string::npos || n.find("/*") != std::string::npos)
      return false;
    char last = n.back();
    return last == ';' || last == '{' || last == '}';
  }
  return false;
}

// Resolves a clone request; false when the text is not `Q::Name<...>(...);`
// alone on its line(s).
bool resolveClone(FixIt &f, SourceText &src) {
  const std::string &t = src.text(f.loc.file);
  long off = src.offset(f.loc.file, f.loc.line, f.loc.column);
  if (off < 0)
    return false;
  size_t i = size_t(off), nameStart = i, nameEnd = i;
  // Q::Q::Name
  while (true) {
    if (t.compare(i, 2, "::") == 0)
      i += 2;
    size_t s = i;
    while (i < t.size() && isIdent(t[i]))
      ++i;
    if (i == s)
      return false;
    nameStart = s;
    nameEnd = i;
    if (t.compare(i, 2, "::") != 0)
      break;
  }
  if (t.compare(nameStart, nameEnd - nameStart, f.cloneCallFrom) != 0 || nameEnd - nameStart != f.cloneCallFrom.size())
    return false;
  auto blanks = [&](size_t &p) {
    while (p < t.size() && (isBlank(t[p]) || t[p] == '\n'))
      ++p;
  };
  blanks(i);
  if (i < t.size() && t[i] == '<') {
    i = skipBalanced(t, i);
    if (i == std::string::npos)
      return false;
    blanks(i);
  }
  if (i >= t.size() || t[i] != '(')
    return false;
  i = skipBalanced(t, i);
  if (i == std::string::npos)
    return false;
  blanks(i);
  if (i >= t.size() || t[i] != ';')
    return false;
  size_t stmtEnd = i + 1;
  size_t lineStart = t.rfind('\n', size_t(off) == 0 ? 0 : size_t(off) - 1);
  lineStart = (lineStart == std::string::npos || off == 0) ? 0 : lineStart + 1;
  std::string indent = t.substr(lineStart, size_t(off) - lineStart);
  if (!std::all_of(indent.begin(), indent.end(), isBlank))
    return false;
  if (!previousEndsStatement(t, lineStart))
    return false;
  std::string clone =
      t.substr(size_t(off), nameStart - size_t(off)) + f.cloneCallAs + t.substr(nameEnd, stmtEnd - nameEnd);
  if (clone.find('\n') != std::string::npos)
    return false; // keep multi-line statements as they are
  if (f.cloneBefore) {
    f.offset = long(lineStart);
    f.replacement = indent + clone + "\n";
  } else {
    size_t eol = t.find('\n', stmtEnd);
    std::string rest = t.substr(stmtEnd, (eol == std::string::npos ? t.size() : eol) - stmtEnd);
    std::string restN = normalizeCode(rest);
    if (!restN.empty())
      return false; // another statement follows on the line
    if (eol == std::string::npos) {
      f.offset = long(t.size());
      f.replacement = "\n" + indent + clone;
    } else {
      f.offset = long(eol + 1);
      f.replacement = indent + clone + "\n";
    }
  }
  f.length = 0;
  // The location shown is the insertion point.
  unsigned line = 1;
  size_t lastNl = std::string::npos;
  for (size_t k = 0; k < size_t(f.offset) && k < t.size(); ++k)
    if (t[k] == '\n') {
      ++line;
      lastNl = k;
    }
  f.loc.line = line;
  f.loc.column = unsigned(size_t(f.offset) - (lastNl == std::string::npos ? 0 : lastNl + 1) + 1);
  f.cloneCallAs.clear();
  f.cloneCallFrom.clear();
  return true;
}

std::string absoluteFile(const std::string &p) {
  llvm::SmallString<256> a(p);
  llvm::sys::fs::make_absolute(a);
  llvm::sys::path::remove_dots(a, true);
  return std::string(a);
}

using FixKey = std::tuple<std::string, long, unsigned, std::string>;
FixKey keyOf(const FixIt &f) { return {absoluteFile(f.loc.file), f.offset, f.length, f.replacement}; }

std::string q(const std::string &s) {
  return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
} // a YAML double-quoted scalar

const char *level(Severity s) { return s == Severity::Error ? "Error" : s == Severity::Warning ? "Warning" : "Remark"; }

} // namespace

void resolveFixIts(RunResult &rr, SourceText &src) {
  for (FileResult &fr : rr.files) {
    for (Diagnostic &d : fr.diags) {
      std::vector<FixIt> kept;
      for (FixIt f : d.fixits) {
        if (!f.cloneCallAs.empty()) {
          if (resolveClone(f, src))
            kept.push_back(f);
        } else if (f.offset >= 0 || (f.offset = src.offset(f.loc.file, f.loc.line, f.loc.column)) >= 0) {
          kept.push_back(f);
        }
      }
      d.fixits = kept;
    }
    // Every kernel and target of the file must propose a fix-it.
    std::set<std::pair<std::string, std::string>> runs;
    for (const KernelVerdict &kv : fr.verdicts)
      runs.insert({kv.kernel, kv.target});
    std::map<FixKey, std::set<std::pair<std::string, std::string>>> by;
    for (const Diagnostic &d : fr.diags)
      for (const FixIt &f : d.fixits)
        by[keyOf(f)].insert({d.kernel, d.target});
    for (Diagnostic &d : fr.diags)
      d.fixits.erase(
          std::remove_if(d.fixits.begin(), d.fixits.end(), [&](const FixIt &f) { return by[keyOf(f)] != runs; }),
          d.fixits.end());
  }
}

void writeFixesYaml(const RunResult &rr, SourceText &src, std::ostream &out) {
  llvm::SmallString<256> cwd;
  llvm::sys::fs::current_path(cwd);
  std::string main = rr.files.empty() ? "" : absoluteFile(rr.files.front().file);
  out << "---\nMainSourceFile:  " << q(main) << "\nDiagnostics:\n";
  bool any = false;
  // clang-apply-replacements applies two equal insertions twice: a fix-it
  // proposed for several targets goes with the first diagnostic only.
  std::set<FixKey> exported;
  for (const FileResult &fr : rr.files)
    for (const Diagnostic &d : fr.diags) {
      any = true;
      std::vector<FixIt> fixits;
      for (const FixIt &f : d.fixits)
        if (exported.insert(keyOf(f)).second)
          fixits.push_back(f);
      std::string file = d.loc.file.empty() ? "" : absoluteFile(d.loc.file);
      long off = d.loc.file.empty() ? 0 : std::max(0L, src.offset(d.loc.file, d.loc.line, d.loc.column));
      out << "  - DiagnosticName:  " << q(d.check) << "\n";
      out << "    DiagnosticMessage:\n";
      out << "      Message:         " << q(d.message) << "\n";
      out << "      FilePath:        " << q(file) << "\n";
      out << "      FileOffset:      " << off << "\n";
      if (fixits.empty())
        out << "      Replacements:    []\n";
      else {
        out << "      Replacements:\n";
        for (const FixIt &f : fixits) {
          out << "        - FilePath:        " << q(absoluteFile(f.loc.file)) << "\n";
          out << "          Offset:          " << f.offset << "\n";
          out << "          Length:          " << f.length << "\n";
          out << "          ReplacementText: " << q(f.replacement) << "\n";
        }
      }
      if (!d.related.empty()) {
        out << "    Notes:\n";
        for (const Related &r : d.related) {
          long roff = r.loc.file.empty() ? 0 : std::max(0L, src.offset(r.loc.file, r.loc.line, r.loc.column));
          out << "      - Message:         " << q(r.message) << "\n";
          out << "        FilePath:        " << q(r.loc.file.empty() ? "" : absoluteFile(r.loc.file)) << "\n";
          out << "        FileOffset:      " << roff << "\n";
          out << "        Replacements:    []\n";
        }
      }
      out << "    Level:           " << level(d.severity) << "\n";
      out << "    BuildDirectory:  " << q(std::string(cwd)) << "\n";
    }
  if (!any)
    out << "  []\n";
  out << "...\n";
}

FixStats applyFixIts(const RunResult &rr, SourceText &src) {
  FixStats st;
  std::map<std::string, std::set<FixKey>> byFile;
  for (const FileResult &fr : rr.files)
    for (const Diagnostic &d : fr.diags)
      for (const FixIt &f : d.fixits)
        byFile[absoluteFile(f.loc.file)].insert(keyOf(f));
  for (auto &[file, fixes] : byFile) {
    st.total += unsigned(fixes.size());
    std::string text = src.text(file);
    // Take fix-its in order of offset, skipping any that overlaps one taken
    // (two insertions at one offset overlap: their order is not certain).
    std::vector<FixKey> taken;
    long end = -1;
    for (const FixKey &k : fixes) {
      long off = std::get<1>(k);
      if (off <= end && !taken.empty())
        continue;
      if (off + long(std::get<2>(k)) > long(text.size()))
        continue;
      taken.push_back(k);
      end = off + long(std::get<2>(k));
    }
    for (auto it = taken.rbegin(); it != taken.rend(); ++it)
      text.replace(size_t(std::get<1>(*it)), std::get<2>(*it), std::get<3>(*it));
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    if (!out) {
      st.errors.push_back(file + ": cannot write the fixed file");
      continue;
    }
    out << text;
    st.applied += unsigned(taken.size());
  }
  return st;
}

std::string describeFixIt(const FixIt &f) {
  std::string t = f.replacement;
  size_t b = t.find_first_not_of(" \t\n");
  size_t e = t.find_last_not_of(" \t\n");
  t = b == std::string::npos ? "" : t.substr(b, e - b + 1);
  std::string shown;
  for (char c : t)
    shown += c == '\n' ? std::string("\\n") : std::string(1, c);
  if (f.length == 0)
    return "insert '" + shown + "'";
  if (t.empty())
    return "remove " + std::to_string(f.length) + " bytes";
  return "replace " + std::to_string(f.length) + " bytes with '" + shown + "'";
}

} // namespace alint
