// lint: --target=ascend950
// Data-block loads and stores (DataCopyMode::DATA_BLOCK_COPY) with post
// update: each moves 8 blocks of 32 bytes, `blockStride` blocks apart, and
// then advances its address by `repeatStride` blocks of 32 bytes (not
// elements: 非连续对齐搬入（LoadAlign）.md, repeatStride 单位 DataBlock). Every
// address stays 32-byte aligned. The bad twin starts half a block in.
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
    Reg::LoadAlign<T, Reg::DataCopyMode::DATA_BLOCK_COPY, Reg::PostLiteral::POST_MODE_UPDATE>(x, src, srcBlockStride,
                                                                                              srcBlockStride * 8, mask);
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
  asc_vf_call<EvenBlocksVF<half>>((__ubuf__ half *)dst.GetPhyAddr(), (__ubuf__ half *)src.GetPhyAddr(), TILE / 2,
                                  (uint16_t)(TILE / 2 / VL));
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, dst, TILE / 2);
}
