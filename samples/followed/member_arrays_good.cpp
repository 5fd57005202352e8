// lint: --target=ascend910b
// TBufs and LocalTensors held in member arrays, set up in a loop and used by index.
#include "kernel_operator.h"

using namespace AscendC;

class KernelArrays {
public:
  __aicore__ inline void Init(GM_ADDR x) {
    xGm.SetGlobalBuffer((__gm__ half *)x, 4096);
    for (int i = 0; i < 2; ++i)
      pipe.InitBuffer(bufs[i], (i + 1) * 1024 * sizeof(half));
  }
  __aicore__ inline void Process() {
    for (int i = 0; i < 2; ++i)
      ts[i] = bufs[i].Get<half>();
    DataCopy(ts[0], xGm, 1024);
    DataCopy(ts[1], xGm[1024], 2048);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> bufs[2];
  LocalTensor<half> ts[2];
  GlobalTensor<half> xGm;
};

extern "C" __global__ __aicore__ void member_arrays(GM_ADDR x) {
  KernelArrays op;
  op.Init(x);
  op.Process();
}
