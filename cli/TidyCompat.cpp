#include "cli/TidyCompat.h"

#include "rules/Check.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Regex.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <ostream>
#include <regex>
#include <set>
#include <sstream>
#include <unistd.h>

namespace alint {

std::optional<Config> configFor(const std::string &file, const Options &o, std::string &error) {
  if (!o.configText.empty())
    return parseConfig(o.configText, "--config", error);
  if (!o.configFile.empty())
    return loadConfigFile(o.configFile, error);
  return findConfig(file, error);
}

namespace {

struct LineRange {
  unsigned from, to;
};
struct LineFilterEntry {
  std::string name;
  std::vector<LineRange> lines; // empty: every line
};

// clang-tidy's --line-filter: [{"name":"file.cpp","lines":[[1,3],[5,7]]},...].
bool parseLineFilter(const std::string &text, std::vector<LineFilterEntry> &out, std::string &error) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  auto bad = [&](const std::string &why) {
    error = "--line-filter: " + why + " (expected [{\"name\":\"file.cpp\",\"lines\":[[1,3],[5,7]]}])";
    return false;
  };
  if (j.is_discarded() || !j.is_array())
    return bad("not a JSON array");
  for (const auto &e : j) {
    if (!e.is_object() || !e.contains("name") || !e["name"].is_string())
      return bad("an entry without a \"name\"");
    LineFilterEntry f;
    f.name = e["name"].get<std::string>();
    if (e.contains("lines")) {
      if (!e["lines"].is_array())
        return bad("\"lines\" is not an array");
      for (const auto &r : e["lines"]) {
        if (!r.is_array() || r.size() != 2 || !r[0].is_number_unsigned() || !r[1].is_number_unsigned())
          return bad("a line range is not [first, last]");
        f.lines.push_back({r[0].get<unsigned>(), r[1].get<unsigned>()});
      }
    }
    out.push_back(std::move(f));
  }
  return true;
}

bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// As clang-tidy: a finding passes when its file ends with an entry's name
// and its line is in one of the entry's ranges (or the entry has none).
bool passesLineFilter(const std::vector<LineFilterEntry> &filter, const SourceLoc &l) {
  for (const LineFilterEntry &f : filter) {
    if (!endsWith(l.file, f.name))
      continue;
    if (f.lines.empty())
      return true;
    for (const LineRange &r : f.lines)
      if (l.line >= r.from && l.line <= r.to)
        return true;
  }
  return false;
}

std::vector<std::string> splitGlobList(const std::string &s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s + ",") {
    if (c == ',' || c == '\n') {
      size_t b = cur.find_first_not_of(" \t\r"), e = cur.find_last_not_of(" \t\r");
      if (b != std::string::npos)
        out.push_back(cur.substr(b, e - b + 1));
      cur.clear();
    } else {
      cur += c;
    }
  }
  return out;
}

} // namespace

bool checkTidyOptions(const Options &o, std::string &error) {
  if (!o.lineFilter.empty()) {
    std::vector<LineFilterEntry> f;
    if (!parseLineFilter(o.lineFilter, f, error))
      return false;
  }
  if (!o.excludeHeaderFilter.empty()) {
    llvm::Regex re(o.excludeHeaderFilter);
    std::string why;
    if (!re.isValid(why)) {
      error = "bad --exclude-header-filter '" + o.excludeHeaderFilter + "': " + why;
      return false;
    }
  }
  if (!o.configText.empty()) {
    std::string err;
    if (!parseConfig(o.configText, "--config", err)) {
      error = err;
      return false;
    }
  }
  return true;
}

void applyTidyFilters(RunResult &rr, const Options &o) {
  std::vector<LineFilterEntry> lines;
  std::string err;
  if (!o.lineFilter.empty())
    parseLineFilter(o.lineFilter, lines, err);
  std::optional<llvm::Regex> exclude;
  if (!o.excludeHeaderFilter.empty())
    exclude.emplace(o.excludeHeaderFilter);
  if (o.lineFilter.empty() && !exclude)
    return;
  for (FileResult &fr : rr.files) {
    std::vector<Diagnostic> kept;
    for (Diagnostic &d : fr.diags) {
      bool header = !d.loc.file.empty() && d.loc.file != fr.file;
      if (exclude && header && exclude->match(d.loc.file)) {
        rr.suppressed.nonUser += d.severity != Severity::Note;
        continue;
      }
      if (!o.lineFilter.empty() && !passesLineFilter(lines, d.loc)) {
        rr.suppressed.lineFilter += d.severity != Severity::Note;
        continue;
      }
      kept.push_back(std::move(d));
    }
    fr.diags = std::move(kept);
  }
}

std::string effectiveChecks(const std::string &file, const Options &o, std::string &error) {
  auto c = configFor(file, o, error);
  if (!c)
    return "";
  if (!c->checks)
    return o.checks;
  return o.checksGiven ? *c->checks + "," + o.checks : *c->checks;
}

int verifyConfig(const Options &o, std::ostream &out, std::ostream &err) {
  std::set<std::string> known;
  for (const CheckInfo &ci : checkRegistry())
    known.insert(ci.id);
  unsigned problems = 0;
  std::set<std::string> seen; // one report per source and glob
  auto verifyGlobs = [&](const std::string &where, const std::string &globs) {
    for (std::string g : splitGlobList(globs)) {
      if (!g.empty() && g[0] == '-')
        g = g.substr(1);
      if (g.empty() || !seen.insert(where + "\n" + g).second)
        continue;
      bool matched = false;
      for (const std::string &id : known)
        matched |= checkEnabled(g, id);
      if (matched)
        continue;
      ++problems;
      if (g.find_first_of("*?") == std::string::npos)
        err << where << ": error: unknown check '" << g << "' (see --list-checks) [verify-config]\n";
      else
        err << where << ": error: check glob '" << g << "' doesn't match any known check [verify-config]\n";
    }
  };
  if (o.checksGiven)
    verifyGlobs("command-line option '--checks'", o.checks);
  if (!o.warningsAsErrors.empty() && o.warningsAsErrors != "*")
    verifyGlobs("command-line option '--warnings-as-errors'", o.warningsAsErrors);
  std::vector<std::string> files = o.files;
  if (files.empty())
    files.push_back("./.here"); // the working folder's configuration
  for (const std::string &f : files) {
    std::string e;
    auto c = configFor(f, o, e);
    if (!c) {
      ++problems;
      err << e << "\n";
      continue;
    }
    std::string where = o.configText.empty() ? (c->path.empty() ? f : c->path) : "command-line option '--config'";
    if (c->checks)
      verifyGlobs(where, *c->checks);
    if (c->warningsAsErrors)
      verifyGlobs(where, *c->warningsAsErrors);
    std::string checks = effectiveChecks(f, o, e);
    bool any = false;
    for (const std::string &id : known)
      any |= checkEnabled(checks, id);
    if (!any && !o.allowNoChecks && seen.insert("\nnone\n" + where).second) {
      ++problems;
      err << where << ": error: no checks enabled [verify-config]\n";
    }
  }
  if (problems)
    return 1;
  out << "No config errors detected.\n";
  return 0;
}

bool useColor(const Options &o) {
  if (o.color)
    return *o.color;
  if (std::getenv("NO_COLOR") && *std::getenv("NO_COLOR"))
    return false;
  const char *term = std::getenv("TERM");
  if (term && std::string(term) == "dumb")
    return false;
  return ::isatty(STDOUT_FILENO);
}

namespace {

const char *kBold = "\033[1m", *kReset = "\033[0m", *kRed = "\033[0;1;31m", *kMagenta = "\033[0;1;35m",
           *kGrey = "\033[0;1;30m", *kGreen = "\033[0;1;32m";

// The line with tabs expanded (tab stop 8, as Clang) and the display column
// of byte column `col` (1-based).
std::pair<std::string, size_t> displayLine(const std::string &line, unsigned col) {
  std::string shown;
  size_t width = 0, caret = std::string::npos;
  for (size_t i = 0; i <= line.size(); ++i) {
    if (i + 1 == col)
      caret = width;
    if (i == line.size())
      break;
    unsigned char c = static_cast<unsigned char>(line[i]);
    if (c == '\t') {
      size_t n = 8 - width % 8;
      shown.append(n, ' ');
      width += n;
    } else {
      if (c != '\r')
        shown += char(c);
      if ((c & 0xC0) != 0x80 && c != '\r')
        ++width; // a code point is one column
    }
  }
  return {shown, caret == std::string::npos ? width : caret};
}

} // namespace

std::string decorateText(const std::string &text, SourceText &src, bool color) {
  static const std::regex diagRe(R"(^(.+):(\d+):(\d+): (error|warning|note): (.*)$)");
  std::istringstream in(text);
  std::ostringstream out;
  std::string line, lastLoc;
  while (std::getline(in, line)) {
    std::smatch m;
    if (!std::regex_match(line, m, diagRe)) {
      out << line << "\n";
      lastLoc.clear();
      continue;
    }
    std::string file = m[1], level = m[4];
    unsigned ln = unsigned(std::stoul(m[2])), col = unsigned(std::stoul(m[3]));
    if (color) {
      const char *lc = level == "error" ? kRed : level == "warning" ? kMagenta : kGrey;
      out << kBold << file << ":" << ln << ":" << col << ": " << kReset << lc << level << ": " << kReset << kBold
          << m[5].str() << kReset << "\n";
    } else {
      out << line << "\n";
    }
    std::string loc = file + ":" + std::to_string(ln) + ":" + std::to_string(col);
    if (loc == lastLoc || !src.load(file))
      continue; // the counterexample and hint notes share the finding's line
    std::string source = src.line(file, ln);
    if (source.empty() && ln != 1)
      continue;
    lastLoc = loc;
    auto [shown, caret] = displayLine(source, col);
    std::string num = std::to_string(ln);
    std::string pad(num.size() < 5 ? 5 - num.size() : 0, ' ');
    out << pad << num << " | " << shown << "\n";
    out << std::string(pad.size() + num.size(), ' ') << " | " << std::string(caret, ' ')
        << (color ? std::string(kGreen) + "^" + kReset : std::string("^")) << "\n";
  }
  return out.str();
}

std::string suppressedSummary(const RunResult &rr) {
  const SuppressedCounts &s = rr.suppressed;
  unsigned nolint = s.nolint;
  for (const FileResult &fr : rr.files)
    nolint += fr.nolintSuppressed;
  unsigned total = s.nonUser + s.lineFilter + nolint;
  if (!total)
    return "";
  std::string parts;
  auto part = [&](unsigned n, const std::string &what) {
    if (n)
      parts += (parts.empty() ? "" : ", ") + std::to_string(n) + " " + what;
  };
  part(s.nonUser, "in non-user code");
  part(s.lineFilter, "due to line filter");
  part(nolint, "NOLINT");
  std::string r = "Suppressed " + std::to_string(total) + " finding" + (total == 1 ? "" : "s") + " (" + parts + ").\n";
  if (s.nonUser)
    r += "Use --header-filter='.*' to display findings from all headers.\n";
  return r;
}

} // namespace alint
