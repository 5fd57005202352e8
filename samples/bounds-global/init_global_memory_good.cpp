// lint: --target=ascend910b
// InitGlobalMemory writes `size` elements from the start of its GlobalTensor:
// here exactly the part of the workspace SetGlobalBuffer gave this core (the
// twin of init_global_memory_bad.cpp).
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t kLen = 1024;

class KernelClearWorkspace {
public:
  __aicore__ inline KernelClearWorkspace() {}
  __aicore__ inline void Init(GM_ADDR workspace) {
    wsGm.SetGlobalBuffer((__gm__ float *)workspace + GetBlockIdx() * kLen, kLen);
  }
  __aicore__ inline void Process() { InitGlobalMemory(wsGm, kLen, 0.0f); }

private:
  GlobalTensor<float> wsGm;
};

extern "C" __global__ __aicore__ void clear_workspace(GM_ADDR workspace) {
  KernelClearWorkspace op;
  op.Init(workspace);
  op.Process();
}
