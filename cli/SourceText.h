// Source text by file, for the features that look at it after the analysis:
// fix-its (byte offsets), baselines (the text of a finding's line) and LSP
// ranges (UTF-16 columns). Files are read once per run.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace alint {

class SourceText {
public:
  // False when the file cannot be read.
  bool load(const std::string &file);
  const std::string &text(const std::string &file);
  // The line (1-based) without its newline; "" when out of range.
  std::string line(const std::string &file, unsigned line);
  // Byte offset of a 1-based line and byte column; -1 when out of range.
  long offset(const std::string &file, unsigned line, unsigned column);

private:
  struct Entry {
    bool ok = false;
    std::string text;
    std::vector<size_t> lineStarts;
  };
  Entry &get(const std::string &file);
  std::map<std::string, Entry> files_;
};

// Whitespace runs collapsed to one blank, "//" comments and the ends trimmed.
std::string normalizeCode(const std::string &line);
// UTF-16 code units in the first `bytes` bytes of a UTF-8 line (LSP columns).
unsigned utf16Length(const std::string &line, size_t bytes);

} // namespace alint
