// NOLINT comments, as clang-tidy reads them:
//   // NOLINT                      this line, every check
//   // NOLINT(check,glob-*)        this line, those checks
//   // NOLINTNEXTLINE(...)         the next line
//   // NOLINTBEGIN(...) ... // NOLINTEND(...)   a region
// An unmatched BEGIN or END is itself reported.
#include "cli/Suppressions.h"

#include <fstream>
#include <map>

namespace alint {

namespace {

struct Marker {
  enum Kind { Line, NextLine, Begin, End } kind;
  std::string checks; // "" = all
  unsigned line;
  unsigned column;
};

// Finds NOLINT markers in one source line.
void scanLine(const std::string &text, unsigned line, std::vector<Marker> &out) {
  size_t pos = 0;
  while ((pos = text.find("NOLINT", pos)) != std::string::npos) {
    size_t p = pos + 6;
    Marker m{Marker::Line, "", line, unsigned(pos + 1)};
    auto word = [&](const char *w) {
      size_t n = std::char_traits<char>::length(w);
      if (text.compare(p, n, w) == 0) {
        p += n;
        return true;
      }
      return false;
    };
    if (word("NEXTLINE"))
      m.kind = Marker::NextLine;
    else if (word("BEGIN"))
      m.kind = Marker::Begin;
    else if (word("END"))
      m.kind = Marker::End;
    if (p < text.size() && text[p] == '(') {
      size_t close = text.find(')', p);
      if (close != std::string::npos) {
        m.checks = text.substr(p + 1, close - p - 1);
        p = close + 1;
      }
    }
    // Only a comment counts: the marker must follow "//" or "/*" on the line.
    size_t c1 = text.rfind("//", pos), c2 = text.rfind("/*", pos);
    if (c1 != std::string::npos || c2 != std::string::npos)
      out.push_back(m);
    pos = p;
  }
}

bool matches(const std::string &checks, const std::string &id) {
  if (checks.empty() || checks == "*")
    return true;
  for (const std::string &g : splitGlobs(checks)) // a list of globs, no negation (as clang-tidy)
    if (globMatch(g, id))
      return true;
  return false;
}

struct FileMarkers {
  bool loaded = false;
  std::map<unsigned, std::vector<Marker>> byLine;
  struct Region {
    std::string checks;
    unsigned from, to;
  };
  std::vector<Region> regions;
  std::vector<Marker> unmatched;
};

FileMarkers load(const std::string &file) {
  FileMarkers fm;
  std::ifstream in(file);
  if (!in)
    return fm;
  fm.loaded = true;
  std::string text;
  unsigned line = 0;
  std::vector<Marker> stack;
  while (std::getline(in, text)) {
    ++line;
    if (text.find("NOLINT") == std::string::npos)
      continue;
    std::vector<Marker> ms;
    scanLine(text, line, ms);
    for (const Marker &m : ms) {
      if (m.kind == Marker::Begin) {
        stack.push_back(m);
      } else if (m.kind == Marker::End) {
        // END closes the latest BEGIN with the same check list
        auto it = stack.rbegin();
        while (it != stack.rend() && it->checks != m.checks)
          ++it;
        if (it == stack.rend()) {
          fm.unmatched.push_back(m);
        } else {
          fm.regions.push_back({it->checks, it->line, m.line});
          stack.erase(std::next(it).base());
        }
      } else {
        fm.byLine[m.line].push_back(m);
      }
    }
  }
  for (const Marker &m : stack)
    fm.unmatched.push_back(m);
  return fm;
}

} // namespace

unsigned applySuppressions(std::vector<Diagnostic> &diags, const std::string &mainFile) {
  unsigned count = 0;
  std::map<std::string, FileMarkers> files;
  auto markersOf = [&](const std::string &f) -> FileMarkers & {
    auto it = files.find(f);
    if (it == files.end())
      it = files.emplace(f, load(f)).first;
    return it->second;
  };
  std::vector<Diagnostic> kept;
  for (Diagnostic &d : diags) {
    FileMarkers &fm = markersOf(d.loc.file);
    bool suppressed = false;
    if (fm.loaded) {
      auto here = fm.byLine.find(d.loc.line);
      if (here != fm.byLine.end())
        for (const Marker &m : here->second)
          suppressed |= m.kind == Marker::Line && matches(m.checks, d.check);
      auto prev = fm.byLine.find(d.loc.line - 1);
      if (prev != fm.byLine.end())
        for (const Marker &m : prev->second)
          suppressed |= m.kind == Marker::NextLine && matches(m.checks, d.check);
      for (const auto &r : fm.regions)
        suppressed |= d.loc.line > r.from && d.loc.line < r.to && matches(r.checks, d.check);
    }
    if (!suppressed)
      kept.push_back(std::move(d));
    else if (d.severity != Severity::Note)
      ++count;
  }
  diags = std::move(kept);
  // Unmatched BEGIN/END markers in the linted file itself are findings.
  FileMarkers &fm = markersOf(mainFile);
  for (const Marker &m : fm.unmatched) {
    Diagnostic d;
    d.check = "ascendc-lint-nolint";
    d.severity = Severity::Error;
    d.status = Status::Violated;
    d.loc = {mainFile, m.line, m.column};
    d.message = m.kind == Marker::Begin ? "unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' comment"
                                        : "unmatched 'NOLINTEND' comment without a previous 'NOLINTBEGIN' comment";
    diags.push_back(d);
  }
  return count;
}

} // namespace alint
