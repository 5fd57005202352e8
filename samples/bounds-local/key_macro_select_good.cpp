// lint: --target=ascend910b
// A kernel that selects its code by tiling key with the preprocessor, as
// newer operator kernels do: `TILING_KEY_IS(k);` registers each key and the
// build compiles the file once per key with -DTILING_KEY_VAR=k. Parsed
// without a key, no branch would be compiled and the kernel would do
// nothing; ascendc-lint parses it once per registered key. The good twin of
// key_macro_select_bad.cpp: each key's buffer holds its tile.
#include "kernel_operator.h"

using namespace AscendC;

#define KEY_SMALL_TILE 1
#define KEY_LARGE_TILE 2

constexpr uint32_t SMALL = 1024;
constexpr uint32_t LARGE = 4096;

template <uint32_t TILE> class KernelCopyScale {
public:
  __aicore__ inline KernelCopyScale() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t bufElems) {
    xGm.SetGlobalBuffer((__gm__ float *)x, LARGE);
    yGm.SetGlobalBuffer((__gm__ float *)y, LARGE);
    pipe.InitBuffer(inQueue, 1, bufElems * sizeof(float));
    pipe.InitBuffer(outQueue, 1, bufElems * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> xLocal = inQueue.AllocTensor<float>();
    DataCopy(xLocal, xGm, TILE);
    inQueue.EnQue(xLocal);
    xLocal = inQueue.DeQue<float>();
    LocalTensor<float> yLocal = outQueue.AllocTensor<float>();
    Muls(yLocal, xLocal, 2.0f, TILE);
    outQueue.EnQue(yLocal);
    inQueue.FreeTensor(xLocal);
    yLocal = outQueue.DeQue<float>();
    DataCopy(yGm, yLocal, TILE);
    outQueue.FreeTensor(yLocal);
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQueue;
  TQue<TPosition::VECOUT, 1> outQueue;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void key_select(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  TILING_KEY_IS(KEY_SMALL_TILE);
  TILING_KEY_IS(KEY_LARGE_TILE);
#if TILING_KEY_VAR == KEY_SMALL_TILE
  KernelCopyScale<SMALL> op;
  op.Init(x, y, SMALL);
  op.Process();
#elif TILING_KEY_VAR == KEY_LARGE_TILE
  KernelCopyScale<LARGE> op;
  op.Init(x, y, LARGE);
  op.Process();
#endif
}
