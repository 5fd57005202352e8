// The byte footprints the frontend gives the cube instructions, pinned to the
// worked examples of the AscendC documentation (asc-devkit docs/zh/api/
// SIMD-API/基础API/矩阵计算（ISASI）/): LoadData_2D.md (512-byte fractals,
// startIndex / srcStride / dstGap; dstGap ignored on 950), Mmad.md (M=30,
// K=70, N=40 half: 2x5 fractals in L0A, 5x3 in L0B, 2x3 in L0C),
// K-方向对齐约束.md (float K=36 pads to 40, or 48 with kDirectionAlign),
// GEMV.md (m = 1: k contiguous elements), Fixpipe（L0C到GM数据搬运）.md
// (NZ source, ND destination) and the ND2NZ DataCopy page.
#include "checker/frontend/Frontend.h"
#include "checker/frontend/Paths.h"

#include <catch2/catch.hpp>

using namespace alint;

namespace {

const KernelModel &kernelOf(const FrontendResult &r) {
  REQUIRE(r.ok);
  REQUIRE(r.model.kernels.size() == 1);
  return r.model.kernels[0];
}

FrontendResult analyse(const std::string &body, int npuArch) {
  FrontendOptions o;
  o.apiDir = findApiDir();
  o.resourceDir = findResourceDir();
  o.npuArch = npuArch;
  o.cceAicore = npuArch == 3510 ? 310 : 220;
  std::string code = "#include \"kernel_operator.h\"\nusing namespace AscendC;\n"
                     "extern \"C\" __global__ __aicore__ void k(GM_ADDR c) {\n"
                     "  TPipe pipe;\n"
                     "  TBuf<TPosition::A1> a1B; TBuf<TPosition::A2> a2B; TBuf<TPosition::B2> b2B;\n"
                     "  TBuf<TPosition::CO1> c1B;\n"
                     "  pipe.InitBuffer(a1B, 65536); pipe.InitBuffer(a2B, 65536); pipe.InitBuffer(b2B, 65536);\n"
                     "  pipe.InitBuffer(c1B, 65536);\n"
                     "  GlobalTensor<float> cGm; cGm.SetGlobalBuffer((__gm__ float *)c, 65536);\n" +
                     body + "\n}\n";
  return analyzeCode(code, "k.cpp", o);
}

int64_t len(const Op &op, size_t i) {
  REQUIRE(i < op.regions.size());
  REQUIRE(op.regions[i].lengthBytes);
  auto v = asConst(op.regions[i].lengthBytes);
  REQUIRE(v);
  return *v;
}

int64_t off(const Op &op, size_t i) {
  auto v = asConst(op.regions[i].offsetBytes);
  REQUIRE(v);
  return *v;
}

const Op &only(const KernelModel &k, OpKind kind) {
  const Op *found = nullptr;
  for (const Op &op : k.ops)
    if (op.kind == kind) {
      REQUIRE(found == nullptr);
      found = &op;
    }
  REQUIRE(found != nullptr);
  return *found;
}

} // namespace

TEST_CASE("LoadData 2D moves 512-byte fractals: startIndex, srcStride, dstGap (ignored on 950)", "[cube]") {
  // The doc's 'set the start position' example: startIndex 1, 4 repeats,
  // srcStride 2, dstGap 2.
  std::string body = "LocalTensor<float> a1 = a1B.Get<float>(); LocalTensor<float> a2 = a2B.Get<float>();\n"
                     "LoadData(a2, a1, LoadData2DParams(1, 4, 2, 0, 2, false, 0));";
  FrontendResult r910 = analyse(body, 2201);
  const Op &op = only(kernelOf(r910), OpKind::LoadData);
  CHECK(op.unknownReason.empty());
  CHECK(op.regions[0].write);
  CHECK(len(op, 0) == (3 * 3 + 1) * 512); // dst: 4 fractals with 2-fractal gaps
  CHECK(off(op, 1) == 512);               // src starts at fractal 1
  CHECK(len(op, 1) == (3 * 2 + 1) * 512); // src: fractals 1, 3, 5, 7
  FrontendResult r950 = analyse(body, 3510);
  const Op &op950 = only(kernelOf(r950), OpKind::LoadData);
  CHECK(len(op950, 0) == 4 * 512);
  // repeatTimes = 0 is a NOP
  FrontendResult nop = analyse("LocalTensor<half> a1 = a1B.Get<half>(); LocalTensor<half> a2 = a2B.Get<half>();\n"
                               "LoadData(a2, a1, LoadData2DParams(0, 0, 1, 0, 0, false, 0));",
                               2201);
  CHECK(len(only(kernelOf(nop), OpKind::LoadData), 0) == 0);
}

TEST_CASE("Mmad footprints pad M, N, K to fractals by element type", "[cube]") {
  std::string tensors = "LocalTensor<half> a = a2B.Get<half>(); LocalTensor<half> b = b2B.Get<half>();\n"
                        "LocalTensor<float> c1 = c1B.Get<float>();\n";
  FrontendResult r = analyse(tensors + "Mmad(c1, a, b, MmadParams(30, 40, 70, 0, false, true));", 2201);
  const Op &op = only(kernelOf(r), OpKind::Cube);
  CHECK(op.unknownReason.empty());
  CHECK(len(op, 0) == 2 * 3 * 1024); // C: 2 x 3 fractals of 16 x 16 float
  CHECK(len(op, 1) == 2 * 5 * 512);  // A: 2 x 5 fractals
  CHECK(len(op, 2) == 5 * 3 * 512);  // B: 5 x 3 fractals
  // GEMV: m = 1 reads k contiguous elements of A.
  FrontendResult g = analyse(tensors + "Mmad(c1, a, b, MmadParams(1, 32, 256, 0, false, true));", 2201);
  CHECK(len(only(kernelOf(g), OpKind::Cube), 1) == 256 * 2);
  // float: K = 36 pads to 40 (5 fractals of 8), or to 48 with kDirectionAlign.
  std::string f32 = "LocalTensor<float> a = a2B.Get<float>(); LocalTensor<float> b = b2B.Get<float>();\n"
                    "LocalTensor<float> c1 = c1B.Get<float>();\nMmadParams p(16, 16, 36, 0, false, true);\n";
  FrontendResult k8 = analyse(f32 + "Mmad(c1, a, b, p);", 2201);
  CHECK(len(only(kernelOf(k8), OpKind::Cube), 1) == 5 * 512);
  FrontendResult k16 = analyse(f32 + "p.kDirectionAlign = true; Mmad(c1, a, b, p);", 2201);
  CHECK(len(only(kernelOf(k16), OpKind::Cube), 1) == 6 * 512);
  // int8: 16 x 32 fractals in L0A, 32 x 16 in L0B.
  std::string i8 = "LocalTensor<int8_t> a = a2B.Get<int8_t>(); LocalTensor<int8_t> b = b2B.Get<int8_t>();\n"
                   "LocalTensor<int32_t> c1 = c1B.Get<int32_t>();\n";
  FrontendResult r8 = analyse(i8 + "Mmad(c1, a, b, MmadParams(16, 16, 64, 0, false, true));", 2201);
  CHECK(len(only(kernelOf(r8), OpKind::Cube), 1) == 2 * 512);
  CHECK(len(only(kernelOf(r8), OpKind::Cube), 2) == 2 * 512);
}

TEST_CASE("Fixpipe reads NZ blocks of L0C and writes ND rows", "[cube]") {
  // nSize 48, mSize 24: 3 blocks of 16 columns, srcStride 32 rows apart;
  // ND rows of 64 floats.
  FrontendResult r = analyse("LocalTensor<float> c1 = c1B.Get<float>();\n"
                             "Fixpipe(cGm, c1, FixpipeParamsV220(48, 24, 32, 64, false));",
                             2201);
  const Op &op = only(kernelOf(r), OpKind::Fixpipe);
  CHECK(op.unknownReason.empty());
  CHECK(len(op, 1) == (2 * 32 + 24) * 16 * 4);
  CHECK(len(op, 0) == (23 * 64 + 48) * 4);
}

TEST_CASE("DataCopy GM -> L1 with Nd2NzParams writes NZ blocks of 32 bytes", "[cube]") {
  // The doc's example: 16 x 23 half, dstNzC0Stride 16, dstNzNStride 1.
  FrontendResult r = analyse("LocalTensor<half> a1 = a1B.Get<half>(); GlobalTensor<half> x;\n"
                             "x.SetGlobalBuffer((__gm__ half *)c, 1024);\n"
                             "DataCopy(a1, x, Nd2NzParams(1, 16, 23, 0, 32, 16, 1, 0));",
                             2201);
  const Op *dc = nullptr;
  for (const Op &op : kernelOf(r).ops)
    if (op.kind == OpKind::DataCopy)
      dc = &op;
  REQUIRE(dc);
  CHECK(dc->unknownReason.empty());
  CHECK(len(*dc, 0) == (15 * 32 + 23) * 2);         // src: 16 rows of 32 elements, 23 used
  CHECK(len(*dc, 1) == (1 * 16 + 15 * 1 + 1) * 32); // dst: 2 blocks of 16 rows
}
