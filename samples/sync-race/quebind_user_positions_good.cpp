// lint: --target=ascend910b
// One TQueBind<VECIN, VECOUT> carries a tile from GM through a vector Cast and
// back to GM. Its plain EnQue / DeQue would set and wait MTE2_MTE3 (the bind's
// own path, for a copy that passes through UB untouched); this kernel names the
// path of each hand-over instead: EnQue / DeQue<GM, VECIN> orders the MTE2 copy
// before the Cast (MTE2_V), EnQue / DeQue<VECOUT, GM> the Cast before the MTE3
// copy (V_MTE3). Both tensors are freed after the MTE3 copy: a bind queue's
// free sets MTE3_MTE2, which covers only what MTE3 finished, so the Cast
// must be behind that copy when the next tile is copied in. Nothing races.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 2048; // elements per tile
constexpr uint32_t MAX_TILES = 1024;

struct CastTiling {
  uint32_t tileNum;
};

class KernelCastThrough {
public:
  __aicore__ inline KernelCastThrough() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CastTiling &t) {
    tileNum = t.tileNum;
    xGm.SetGlobalBuffer((__gm__ half *)x + GetBlockIdx() * TILE * MAX_TILES, TILE * MAX_TILES);
    yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * TILE * MAX_TILES, TILE * MAX_TILES);
    pipe.InitBuffer(inBind, 1, TILE * sizeof(half));
    pipe.InitBuffer(outBind, 1, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    if (tileNum > MAX_TILES)
      return;
    for (uint32_t i = 0; i < tileNum; ++i) {
      LocalTensor<half> in = inBind.AllocTensor<half>();
      DataCopy(in, xGm[i * TILE], TILE);
      inBind.EnQue<TPosition::GM, TPosition::VECIN, half>(in);
      in = inBind.DeQue<TPosition::GM, TPosition::VECIN, half>();
      LocalTensor<float> out = outBind.AllocTensor<float>();
      Cast(out, in, RoundMode::CAST_NONE, TILE);
      outBind.EnQue<TPosition::VECOUT, TPosition::GM, float>(out);
      out = outBind.DeQue<TPosition::VECOUT, TPosition::GM, float>();
      DataCopy(yGm[i * TILE], out, TILE);
      outBind.FreeTensor(out);
      inBind.FreeTensor(in);
    }
  }

private:
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> inBind, outBind;
  GlobalTensor<half> xGm;
  GlobalTensor<float> yGm;
  uint32_t tileNum = 0;
};

extern "C" __global__ __aicore__ void cast_through(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  CastTiling t = *reinterpret_cast<__gm__ CastTiling *>(tiling);
  KernelCastThrough op;
  op.Init(x, y, t);
  op.Process();
}
