// lint: --target=ascend950
// A __simd_vf__ function adds two rows with AddrReg addressing: the offset
// register is i * stride elements (CreateAddrReg). The stride passed is two
// registers instead of one, so from the middle on the loads and stores run
// past the ends of their buffers.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 2048; // floats
constexpr uint32_t VL = VECTOR_REG_WIDTH / sizeof(float);

__simd_vf__ inline void AddVF(__ubuf__ float *dst, __ubuf__ float *a, __ubuf__ float *b, uint32_t stride,
                              uint16_t repeatTimes) {
  Reg::RegTensor<float> x, y, z;
  Reg::MaskReg mask = Reg::CreateMask<float>();
  Reg::AddrReg off;
  for (uint16_t i = 0; i < repeatTimes; ++i) {
    off = Reg::CreateAddrReg<float>(i, stride);
    Reg::LoadAlign(x, a, off); // expect: bounds-local
    Reg::LoadAlign(y, b, off); // expect: bounds-local
    Reg::Add(z, x, y, mask);
    Reg::StoreAlign(dst, z, off, mask); // expect: bounds-local
  }
}

extern "C" __global__ __aicore__ void add_rows(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> aBuf, bBuf, cBuf;
  pipe.InitBuffer(aBuf, TILE * sizeof(float));
  pipe.InitBuffer(bBuf, TILE * sizeof(float));
  pipe.InitBuffer(cBuf, TILE * sizeof(float));
  GlobalTensor<float> xGm, yGm, zGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, TILE);
  yGm.SetGlobalBuffer((__gm__ float *)y, TILE);
  zGm.SetGlobalBuffer((__gm__ float *)z, TILE);
  LocalTensor<float> a = aBuf.Get<float>();
  LocalTensor<float> b = bBuf.Get<float>();
  LocalTensor<float> c = cBuf.Get<float>();
  DataCopy(a, xGm, TILE);
  DataCopy(b, yGm, TILE);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  asc_vf_call<AddVF>((__ubuf__ float *)c.GetPhyAddr(), (__ubuf__ float *)a.GetPhyAddr(),
                     (__ubuf__ float *)b.GetPhyAddr(), 2 * VL, (uint16_t)(TILE / VL));
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(zGm, c, TILE);
}
