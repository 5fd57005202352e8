#include "cli/SourceText.h"

#include <fstream>
#include <sstream>

namespace alint {

SourceText::Entry &SourceText::get(const std::string &file) {
  auto it = files_.find(file);
  if (it != files_.end())
    return it->second;
  Entry &e = files_[file];
  std::ifstream in(file, std::ios::binary);
  if (!in)
    return e;
  std::stringstream ss;
  ss << in.rdbuf();
  e.text = ss.str();
  e.ok = true;
  e.lineStarts.push_back(0);
  for (size_t i = 0; i < e.text.size(); ++i)
    if (e.text[i] == '\n')
      e.lineStarts.push_back(i + 1);
  return e;
}

bool SourceText::load(const std::string &file) { return get(file).ok; }

const std::string &SourceText::text(const std::string &file) { return get(file).text; }

std::string SourceText::line(const std::string &file, unsigned line) {
  Entry &e = get(file);
  if (!e.ok || line == 0 || line > e.lineStarts.size())
    return "";
  size_t b = e.lineStarts[line - 1];
  size_t end = line < e.lineStarts.size() ? e.lineStarts[line] - 1 : e.text.size();
  std::string s = e.text.substr(b, end - b);
  if (!s.empty() && s.back() == '\r')
    s.pop_back();
  return s;
}

long SourceText::offset(const std::string &file, unsigned line, unsigned column) {
  Entry &e = get(file);
  if (!e.ok || line == 0 || column == 0 || line > e.lineStarts.size())
    return -1;
  size_t off = e.lineStarts[line - 1] + column - 1;
  return off <= e.text.size() ? long(off) : -1;
}

std::string normalizeCode(const std::string &line) {
  std::string s = line.substr(0, line.find("//"));
  std::string r;
  bool blank = false;
  for (char c : s) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      blank = true;
      continue;
    }
    if (blank && !r.empty())
      r += ' ';
    blank = false;
    r += c;
  }
  return r;
}

unsigned utf16Length(const std::string &line, size_t bytes) {
  unsigned n = 0;
  for (size_t i = 0; i < bytes && i < line.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    if ((c & 0xC0) == 0x80)
      continue;               // continuation byte
    n += (c >= 0xF0) ? 2 : 1; // a 4-byte sequence is a surrogate pair
  }
  if (bytes > line.size())
    n += unsigned(bytes - line.size());
  return n;
}

} // namespace alint
