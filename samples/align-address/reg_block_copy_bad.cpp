// lint: --target=ascend950
// The twin of reg_block_copy_good.cpp with the source taken 8 halves (16
// bytes) into the tile: the data-block load's address must be 32-byte
// aligned (非连续对齐搬入（LoadAlign）.md 约束说明).
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 2048; // half elements

template <typename T>
__simd_vf__ inline void EvenBlocksVF(__ubuf__ T *dst, __ubuf__ T *src, uint32_t count, uint16_t repeats) {
  Reg::RegTensor<T> x;
  Reg::MaskReg mask;
  constexpr uint32_t srcBlockStride = 2; // every other 32-byte block
  constexpr uint32_t dstBlockStride = 1;
  for (uint16_t i = 0; i < repeats; ++i) {
    mask = Reg::UpdateMask<T>(count);
    Reg::LoadAlign<T, Reg::DataCopyMode::DATA_BLOCK_COPY, Reg::PostLiteral::POST_MODE_UPDATE>( // expect: align-address
        x, src, srcBlockStride, srcBlockStride * 8, mask);
    Reg::StoreAlign<T, Reg::DataCopyMode::DATA_BLOCK_COPY, Reg::PostLiteral::POST_MODE_UPDATE>(
        dst, x, dstBlockStride, dstBlockStride * 8, mask);
  }
}

extern "C" __global__ __aicore__ void even_blocks(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> inBuf, outBuf;
  pipe.InitBuffer(inBuf, TILE * sizeof(half));
  pipe.InitBuffer(outBuf, TILE * sizeof(half));
  GlobalTensor<half> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ half *)x, TILE);
  yGm.SetGlobalBuffer((__gm__ half *)y, TILE / 2);
  LocalTensor<half> src = inBuf.Get<half>();
  LocalTensor<half> dst = outBuf.Get<half>();
  DataCopy(src, xGm, TILE);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  constexpr uint32_t VL = VECTOR_REG_WIDTH / sizeof(half);
  asc_vf_call<EvenBlocksVF<half>>((__ubuf__ half *)dst.GetPhyAddr(), (__ubuf__ half *)src.GetPhyAddr() + 8,
                                  TILE / 2 - 8, (uint16_t)(TILE / 2 / VL));
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, dst, TILE / 2);
}
