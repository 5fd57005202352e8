// lint: --target=ascend910b
// Findings the author has accepted, silenced the clang-tidy way. The kernel
// is otherwise the unsynchronised TBuf kernel of sync-race/.
#include "kernel_operator.h"

using namespace AscendC;

class KernelNolint {
public:
  __aicore__ inline KernelNolint() {}
  __aicore__ inline void Init(GM_ADDR x) {
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    pipe.InitBuffer(buf, 64 * sizeof(float));
    pipe.InitBuffer(big, 250 * 1024); // NOLINT(capacity-overflow): measured on the board
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, xGm, 64);
    // NOLINTNEXTLINE(sync-*)
    Muls(t, t, 2.0f, 64);
    // NOLINTBEGIN(sync-race)
    DataCopy(xGm, t, 64);
    // NOLINTEND(sync-race)
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf, big;
  GlobalTensor<float> xGm;
};

extern "C" __global__ __aicore__ void nolint_kernel(GM_ADDR x) {
  KernelNolint op;
  op.Init(x);
  op.Process();
}
