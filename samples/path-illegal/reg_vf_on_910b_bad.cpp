// lint: --target=ascend910b --target=ascend950
// A register-based (Reg/MicroAPI) vector function is Ascend 950 only: on
// ascend910b the kernel gets one path-illegal finding, at its first register
// load; on ascend950 it is fine.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 2048; // float elements

__aicore__ inline void SquarePlus(LocalTensor<float> &dst, LocalTensor<float> &src, LocalTensor<float> &tmp) {
  constexpr uint32_t VL = VECTOR_REG_WIDTH / sizeof(float);
  __VEC_SCOPE__ {
    __ubuf__ float *s = (__ubuf__ float *)src.GetPhyAddr();
    __ubuf__ float *t = (__ubuf__ float *)tmp.GetPhyAddr();
    __ubuf__ float *d = (__ubuf__ float *)dst.GetPhyAddr();
    Reg::RegTensor<float> x, sq, back, out;
    for (uint16_t i = 0; i < TILE / VL; i++) {
      Reg::MaskReg mask = Reg::CreateMask<float>();
      Reg::LoadAlign(x, s + i * VL); // expect-error[ascend910b]: path-illegal
      Reg::Mul(sq, x, x, mask);
      Reg::StoreAlign(t + i * VL, sq, mask);
      Reg::LocalMemBar<Reg::MemType::VEC_STORE, Reg::MemType::VEC_LOAD>();
      Reg::LoadAlign(back, t + i * VL);
      Reg::Add(out, back, x, mask);
      Reg::StoreAlign(d + i * VL, out, mask);
    }
  }
}

extern "C" __global__ __aicore__ void square_plus(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 3 * TILE * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, TILE);
  yGm.SetGlobalBuffer((__gm__ float *)y, TILE);
  LocalTensor<float> src = buf.Get<float>();
  LocalTensor<float> tmp = src[TILE];
  LocalTensor<float> dst = src[2 * TILE];
  DataCopy(src, xGm, TILE);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  SquarePlus(dst, src, tmp);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, dst, TILE);
}
