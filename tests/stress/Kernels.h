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

// An operator kernel in the shape of a real one (our own): a tiling struct
// read from GM, a class with Init/Process, double-buffered TQue stages in a
// tile loop, and a tail tile. `op` is the vector instruction (Add, Mul, Max,
// ...); `tailBug` copies the tail with the full tile length (a bounds finding).
inline std::string operatorKernel(const std::string &name, const std::string &op, bool tailBug) {
  return "#include \"kernel_operator.h\"\n"
         "using namespace AscendC;\n"
         "constexpr int32_t BUFFER_NUM = 2;\n"
         "struct " +
         name +
         "Tiling {\n"
         "  uint32_t totalLength;\n"
         "  uint32_t tileNum;\n"
         "  uint32_t tileLength;\n"
         "  uint32_t tailLength;\n"
         "};\n"
         "class Kernel_" +
         name +
         " {\n"
         "public:\n"
         "  __aicore__ inline Kernel_" +
         name +
         "() {}\n"
         "  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const " +
         name +
         "Tiling &t) {\n"
         "    tileNum = t.tileNum;\n"
         "    tileLength = t.tileLength;\n"
         "    tailLength = t.tailLength;\n"
         "    blockLength = tileNum * tileLength * BUFFER_NUM + tailLength;\n"
         "    xGm.SetGlobalBuffer((__gm__ half *)x + blockLength * GetBlockIdx(), blockLength);\n"
         "    yGm.SetGlobalBuffer((__gm__ half *)y + blockLength * GetBlockIdx(), blockLength);\n"
         "    zGm.SetGlobalBuffer((__gm__ half *)z + blockLength * GetBlockIdx(), blockLength);\n"
         "    pipe.InitBuffer(inX, BUFFER_NUM, tileLength * sizeof(half));\n"
         "    pipe.InitBuffer(inY, BUFFER_NUM, tileLength * sizeof(half));\n"
         "    pipe.InitBuffer(outZ, BUFFER_NUM, tileLength * sizeof(half));\n"
         "  }\n"
         "  __aicore__ inline void Process() {\n"
         "    uint32_t loopCount = tileNum * BUFFER_NUM;\n"
         "    for (uint32_t i = 0; i < loopCount; i++) {\n"
         "      CopyIn(i * tileLength, tileLength);\n"
         "      Compute(tileLength);\n"
         "      CopyOut(i * tileLength, tileLength);\n"
         "    }\n"
         "    if (tailLength > 0 && tailLength <= tileLength && tailLength % 16 == 0) {\n"
         "      CopyIn(loopCount * tileLength, " +
         (tailBug ? "tileLength" : "tailLength") +
         ");\n"
         "      Compute(tailLength);\n"
         "      CopyOut(loopCount * tileLength, tailLength);\n"
         "    }\n"
         "  }\n"
         "private:\n"
         "  __aicore__ inline void CopyIn(uint32_t offset, uint32_t len) {\n"
         "    LocalTensor<half> xl = inX.AllocTensor<half>();\n"
         "    LocalTensor<half> yl = inY.AllocTensor<half>();\n"
         "    DataCopy(xl, xGm[offset], len);\n"
         "    DataCopy(yl, yGm[offset], len);\n"
         "    inX.EnQue(xl);\n"
         "    inY.EnQue(yl);\n"
         "  }\n"
         "  __aicore__ inline void Compute(uint32_t len) {\n"
         "    LocalTensor<half> xl = inX.DeQue<half>();\n"
         "    LocalTensor<half> yl = inY.DeQue<half>();\n"
         "    LocalTensor<half> zl = outZ.AllocTensor<half>();\n"
         "    " +
         op +
         "(zl, xl, yl, len);\n"
         "    outZ.EnQue<half>(zl);\n"
         "    inX.FreeTensor(xl);\n"
         "    inY.FreeTensor(yl);\n"
         "  }\n"
         "  __aicore__ inline void CopyOut(uint32_t offset, uint32_t len) {\n"
         "    LocalTensor<half> zl = outZ.DeQue<half>();\n"
         "    DataCopy(zGm[offset], zl, len);\n"
         "    outZ.FreeTensor(zl);\n"
         "  }\n"
         "  TPipe pipe;\n"
         "  TQue<QuePosition::VECIN, BUFFER_NUM> inX, inY;\n"
         "  TQue<QuePosition::VECOUT, BUFFER_NUM> outZ;\n"
         "  GlobalTensor<half> xGm, yGm, zGm;\n"
         "  uint32_t tileNum, tileLength, tailLength, blockLength;\n"
         "};\n"
         "extern \"C\" __global__ __aicore__ void " +
         name +
         "(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {\n"
         "  __gm__ uint32_t *tp = (__gm__ uint32_t *)tiling;\n"
         "  " +
         name +
         "Tiling t;\n"
         "  t.totalLength = tp[0];\n"
         "  t.tileNum = tp[1];\n"
         "  t.tileLength = tp[2];\n"
         "  t.tailLength = tp[3];\n"
         "  Kernel_" +
         name +
         " k;\n"
         "  k.Init(x, y, z, t);\n"
         "  k.Process();\n"
         "}\n";
}

} // namespace alint_stress
