// lint: --target=ascend950
// A __simd_vf__ function scales a tile that starts one float into its buffer
// with the unaligned register loads and stores: LoadUnAlign reads a register
// (64 floats) from the address, StoreUnAlign writes postUpdateStride floats
// and StoreUnAlignPost the tail it kept. The launch asks for one repeat too
// many: the last load and store reach 4 bytes past the end of their buffers,
// and so does the tail the final StoreUnAlignPost writes.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 1024; // floats
constexpr uint32_t VL = VECTOR_REG_WIDTH / sizeof(float);

__simd_vf__ inline void ScaleVF(__ubuf__ float *dst, __ubuf__ float *src, uint16_t repeatTimes) {
  Reg::RegTensor<float> x, y;
  Reg::UnalignRegForLoad uin;
  Reg::UnalignRegForStore uout;
  Reg::MaskReg mask = Reg::CreateMask<float>();
  Reg::LoadUnAlignPre(uin, src);
  for (uint16_t i = 0; i < repeatTimes; ++i) {
    Reg::LoadUnAlign(x, uin, src, VL); // expect: bounds-local
    Reg::Muls(y, x, 2.0f, mask);
    Reg::StoreUnAlign(dst, y, uout, VL); // expect: bounds-local
  }
  Reg::StoreUnAlignPost(dst, uout, 0); // expect: bounds-local
}

extern "C" __global__ __aicore__ void scale_unaligned(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> inBuf, outBuf;
  pipe.InitBuffer(inBuf, TILE * sizeof(float));
  pipe.InitBuffer(outBuf, TILE * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, TILE);
  yGm.SetGlobalBuffer((__gm__ float *)y, TILE);
  LocalTensor<float> in = inBuf.Get<float>();
  LocalTensor<float> out = outBuf.Get<float>();
  DataCopy(in, xGm, TILE);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  asc_vf_call<ScaleVF>((__ubuf__ float *)out.GetPhyAddr(1), (__ubuf__ float *)in.GetPhyAddr(1), (uint16_t)(TILE / VL));
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, out, TILE);
}
