// lint: --target=ascend950
// A __simd_vf__ function launched by asc_vf_call doubles a tile with
// post-update addressing: each LoadAlign/StoreAlign moves its pointer one
// register (64 floats) on. The launch asks for one repeat too many, so the
// last load reads 256 bytes past the end of the input buffer.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 1024; // floats
constexpr uint32_t VL = VECTOR_REG_WIDTH / sizeof(float);

__simd_vf__ inline void DoubleVF(__ubuf__ float *dst, __ubuf__ float *src, uint16_t repeatTimes) {
  Reg::RegTensor<float> x, y;
  Reg::MaskReg mask = Reg::CreateMask<float>();
  for (uint16_t i = 0; i < repeatTimes; ++i) {
    Reg::LoadAlign<float, Reg::PostLiteral::POST_MODE_UPDATE>(x, src, VL); // expect: bounds-local
    Reg::Muls(y, x, 2.0f, mask);
    Reg::StoreAlign<float, Reg::PostLiteral::POST_MODE_UPDATE>(dst, y, VL, mask); // expect: bounds-local
  }
}

extern "C" __global__ __aicore__ void double_tile(GM_ADDR x, GM_ADDR y) {
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
  asc_vf_call<DoubleVF>((__ubuf__ float *)out.GetPhyAddr(), (__ubuf__ float *)in.GetPhyAddr(),
                        (uint16_t)(TILE / VL + 1));
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, out, TILE);
}
