// lint: --target=ascend910b --target=ascend950 --auto-sync=off
// The good twin of scalar_read_bad.cpp: the scalar read waits for MTE2.

#include "kernel_operator.h"

using namespace AscendC;

class KernelGatherHead {
public:
  __aicore__ inline KernelGatherHead() {}
  __aicore__ inline void Init(GM_ADDR idx, GM_ADDR out) {
    idxGm.SetGlobalBuffer((__gm__ int32_t *)idx, 64);
    outGm.SetGlobalBuffer((__gm__ int32_t *)out, 64);
    pipe.InitBuffer(buf, 64 * sizeof(int32_t));
  }
  __aicore__ inline void Process() {
    LocalTensor<int32_t> t = buf.Get<int32_t>();
    DataCopy(t, idxGm, 64);
    SetFlag<HardEvent::MTE2_S>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_S>(EVENT_ID0);
    int32_t first = t.GetValue(0);
    outGm.SetValue(0, first);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<int32_t> idxGm, outGm;
};

extern "C" __global__ __aicore__ void gather_head(GM_ADDR idx, GM_ADDR out) {
  KernelGatherHead op;
  op.Init(idx, out);
  op.Process();
}
