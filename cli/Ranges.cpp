#include "cli/Ranges.h"

namespace alint {

Utf16Range findingRange(const SourceLoc &l, SourceText &src) {
  Utf16Range r;
  r.line = r.endLine = l.line ? l.line - 1 : 0;
  std::string text = src.line(l.file, l.line);
  size_t startByte = l.column ? l.column - 1 : 0;
  std::string code = text.substr(0, text.find("//"));
  size_t endByte = code.find_last_not_of(" \t\r");
  endByte = endByte == std::string::npos ? 0 : endByte + 1;
  if (endByte < startByte)
    endByte = startByte;
  r.character = utf16Length(text, startByte);
  r.endCharacter = utf16Length(text, endByte);
  return r;
}

Utf16Range fixItRange(const FixIt &f, SourceText &src) {
  Utf16Range r;
  unsigned column = f.loc.column ? f.loc.column : 1;
  r.line = f.loc.line ? f.loc.line - 1 : 0;
  r.character = utf16Length(src.line(f.loc.file, f.loc.line), column - 1);
  const std::string &t = src.text(f.loc.file);
  size_t begin = f.offset < 0 ? 0 : size_t(f.offset);
  size_t lineStart = begin >= column - 1 ? begin - (column - 1) : 0;
  r.endLine = r.line;
  for (size_t k = begin; k < begin + f.length && k < t.size(); ++k)
    if (t[k] == '\n') {
      ++r.endLine;
      lineStart = k + 1;
    }
  r.endCharacter = utf16Length(src.line(f.loc.file, r.endLine + 1), begin + f.length - lineStart);
  return r;
}

} // namespace alint
