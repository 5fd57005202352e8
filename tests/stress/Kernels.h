// Generated kernels of growing size for the stress suite: each shape once
// made a run blow past its limits (issue 19): many copies in one body, a
// macro that doubles a copy pair per level, deeply nested loops, and one
// very long expression.
#pragma once

#include <string>

namespace alint_stress {

inline std::string kernelHead() {
  return "#include \"kernel_operator.h\"\n"
         "using namespace AscendC;\n"
         "extern \"C\" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR y, uint32_t n) {\n"
         "  TPipe pipe;\n"
         "  TBuf<TPosition::VECCALC> buf;\n"
         "  GlobalTensor<half> xGm, yGm;\n"
         "  xGm.SetGlobalBuffer((__gm__ half *)x, 1 << 20);\n"
         "  yGm.SetGlobalBuffer((__gm__ half *)y, 1 << 20);\n"
         "  pipe.InitBuffer(buf, 4096);\n"
         "  LocalTensor<half> t = buf.Get<half>();\n";
}

// n synchronised copy pairs, one after the other.
inline std::string copiesKernel(unsigned n) {
  std::string s = kernelHead();
  for (unsigned i = 0; i < n; ++i) {
    std::string at = std::to_string(i) + " * 128";
    s += "  DataCopy(t, xGm[" + at +
         "], 128);\n"
         "  SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);\n"
         "  WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);\n"
         "  DataCopy(yGm[" +
         at +
         "], t, 128);\n"
         "  SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);\n"
         "  WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);\n";
  }
  return s + "}\n";
}

// 2^levels unsynchronised copy pairs from one macro (racing each other).
inline std::string macroKernel(unsigned levels) {
  std::string s = "#define C0 DataCopy(t, xGm[n], 128); DataCopy(yGm[n], t, 128);\n";
  for (unsigned l = 1; l <= levels; ++l)
    s += "#define C" + std::to_string(l) + " C" + std::to_string(l - 1) + " C" + std::to_string(l - 1) + "\n";
  return s + kernelHead() + "  C" + std::to_string(levels) + "\n}\n";
}

// `depth` nested loops around a copy pair indexed by every counter.
inline std::string loopsKernel(unsigned depth) {
  std::string s = kernelHead(), sum;
  for (unsigned d = 0; d < depth; ++d) {
    std::string i = "i" + std::to_string(d);
    s += "  for (uint32_t " + i + " = 0; " + i + " < n; ++" + i + ") {\n";
    sum += (d ? " + " : "") + i;
  }
  s += "  DataCopy(t, xGm[" + sum + "], 128);\n  DataCopy(yGm[" + sum + "], t, 128);\n";
  for (unsigned d = 0; d < depth; ++d)
    s += "  }\n";
  return s + "}\n";
}

// One expression of `terms` terms.
inline std::string deepKernel(unsigned terms) {
  std::string e = "n";
  for (unsigned i = 1; i < terms; ++i)
    e += " + n";
  return kernelHead() + "  uint32_t v = " + e + ";\n  DataCopy(t, xGm[v], 128);\n}\n";
}

// An initializer of 2^levels elements from one macro: Clang's AST grows by
// about 200 MB per million elements.
inline std::string memoryHogKernel(unsigned levels) {
  std::string s = "#define A0 1,\n";
  for (unsigned l = 1; l <= levels; ++l)
    s += "#define A" + std::to_string(l) + " A" + std::to_string(l - 1) + " A" + std::to_string(l - 1) + "\n";
  return s + "static const uint32_t table[] = {A" + std::to_string(levels) + "};\n" + kernelHead() +
         "  DataCopy(t, xGm[table[1]], 128);\n}\n";
}

// A function whose one expression has `terms` terms: Clang itself overflows
// its stack on it (100,000 terms, in 2 s).
inline std::string clangCrashSource(unsigned terms) {
  std::string e = "n";
  for (unsigned i = 1; i < terms; ++i)
    e += " + n";
  return "unsigned f(unsigned n) { return " + e + "; }\n";
}

} // namespace alint_stress
