// lint: --target=ascend910b
// The twin of phyaddr_store_good.cpp whose loop runs to N + 16: the last
// stores through the GetPhyAddr address land past the end of the buffer.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t N = 512;

extern "C" __global__ __aicore__ void phy_iota(GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, N * sizeof(half));
  GlobalTensor<half> yGm;
  yGm.SetGlobalBuffer((__gm__ half *)y, N);
  LocalTensor<half> t = buf.Get<half>();
  __ubuf__ half *p = (__ubuf__ half *)t.GetPhyAddr();
  for (uint32_t i = 0; i < N + 16; ++i)
    p[i] = (half)i; // expect: bounds-local
  SetFlag<HardEvent::S_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::S_MTE3>(EVENT_ID0);
  DataCopy(yGm, t, N);
}
