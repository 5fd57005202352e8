// lint: --target=ascend910b
// The twin of scalar_write_then_copy_bad.cpp: DataCacheCleanAndInvalid
// writes the cached header back to GM before the DMA engine reads it.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t N = 8;

class KernelHeader {
public:
  __aicore__ inline KernelHeader() {}
  __aicore__ inline void Init(GM_ADDR y, GM_ADDR z) {
    yGm.SetGlobalBuffer((__gm__ int32_t *)y, N);
    zGm.SetGlobalBuffer((__gm__ int32_t *)z, N);
    pipe.InitBuffer(buf, N * sizeof(int32_t));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < N; ++i) {
      yGm.SetValue(i, (int32_t)i);
    }
    DataCacheCleanAndInvalid<int32_t, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(yGm);
    LocalTensor<int32_t> t = buf.Get<int32_t>();
    DataCopy(t, yGm, N);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(zGm, t, N);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<int32_t> yGm, zGm;
};

extern "C" __global__ __aicore__ void header(GM_ADDR y, GM_ADDR z) {
  KernelHeader op;
  op.Init(y, z);
  op.Process();
}
