// lint: --target=ascend950
// A __simd_vf__ function takes the maximum of each row of a tile with the
// unaligned register loads and post-update addressing, as arg-max kernels do:
// the row loop holds a loop over the row's whole registers and one over its
// tail, and every load moves the same UB pointer on. The pointer's step per
// row is the sum of the inner loops' steps (3 x 64 + 8 floats). LoadUnAlign
// reads a whole register (64 floats) at its address; the buffer keeps one
// register of slack past the tile, so the last row's tail load stays inside.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t ROWS = 8;
constexpr uint32_t COLS = 200; // floats per row: three registers and a tail of 8
constexpr uint32_t VL = VECTOR_REG_WIDTH / sizeof(float);

__simd_vf__ inline void RowMaxVF(__ubuf__ float *dst, __ubuf__ float *src, uint16_t rows, uint16_t cols) {
  uint16_t mainLoop = cols / VL;
  uint16_t tail = cols - mainLoop * VL;
  uint16_t tailLoop = tail > 0 ? 1 : 0;
  Reg::RegTensor<float> x, acc;
  Reg::UnalignRegForLoad uin;
  Reg::UnalignRegForStore uout;
  Reg::MaskReg mask = Reg::CreateMask<float>();
  Reg::LoadUnAlignPre(uin, src);
  for (uint16_t a = 0; a < rows; ++a) {
    Reg::Duplicate(acc, 0.0f, mask);
    for (uint16_t r = 0; r < mainLoop; ++r) {
      Reg::LoadUnAlign<float, Reg::PostLiteral::POST_MODE_UPDATE>(x, uin, src, VL);
      Reg::Max(acc, acc, x, mask);
    }
    for (uint16_t t = 0; t < tailLoop; ++t) {
      Reg::LoadUnAlign<float, Reg::PostLiteral::POST_MODE_UPDATE>(x, uin, src, tail);
      Reg::Max(acc, acc, x, mask);
    }
    Reg::StoreUnAlign<float, Reg::PostLiteral::POST_MODE_UPDATE>(dst, acc, uout, 1);
  }
  Reg::StoreUnAlignPost(dst, uout, 0);
}

extern "C" __global__ __aicore__ void row_max(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> inBuf, outBuf;
  pipe.InitBuffer(inBuf, (ROWS * COLS + VL) * sizeof(float)); // a register past the last row
  pipe.InitBuffer(outBuf, 64 * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, ROWS * COLS);
  yGm.SetGlobalBuffer((__gm__ float *)y, 64);
  LocalTensor<float> in = inBuf.Get<float>();
  LocalTensor<float> out = outBuf.Get<float>();
  DataCopy(in, xGm, ROWS * COLS);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  asc_vf_call<RowMaxVF>((__ubuf__ float *)out.GetPhyAddr(), (__ubuf__ float *)in.GetPhyAddr(), (uint16_t)ROWS,
                        (uint16_t)COLS);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, out, 64);
}
