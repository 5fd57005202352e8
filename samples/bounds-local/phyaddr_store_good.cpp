// lint: --target=ascend910b
// A scalar loop that writes a 512-half TBuf through the address GetPhyAddr
// returns: the stores (p[i] = ...) land in that buffer, all inside it.
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
  for (uint32_t i = 0; i < N; ++i)
    p[i] = (half)i;
  SetFlag<HardEvent::S_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::S_MTE3>(EVENT_ID0);
  DataCopy(yGm, t, N);
}
