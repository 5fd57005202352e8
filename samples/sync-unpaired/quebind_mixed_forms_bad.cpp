// lint: --target=ascend910b
// A TQueBind<VECIN, VECOUT> hands a tile from the MTE2 copy to a vector Cast.
// The EnQue names the path (EnQue<GM, VECIN>: it sets MTE2_V), the DeQue does
// not: the plain DeQue waits for the bind's own event, MTE2_MTE3, which no
// EnQue of this queue sets. The Cast's core waits forever (hang); nothing
// orders the copy before the Cast either. The good twin is
// samples/sync-race/quebind_user_positions_good.cpp (both forms name the path).
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 2048; // elements per tile
constexpr uint32_t MAX_TILES = 1024;

struct CastTiling {
  uint32_t tileNum;
};

class KernelCastMixed {
public:
  __aicore__ inline KernelCastMixed() {}
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
      DataCopy(in, xGm[i * TILE], TILE); // expect-error: sync-race
      inBind.EnQue<TPosition::GM, TPosition::VECIN, half>(in);
      in = inBind.DeQue<half>(); // expect-error: sync-unpaired
      LocalTensor<float> out = outBind.AllocTensor<float>();
      Cast(out, in, RoundMode::CAST_NONE, TILE); // expect-error: sync-race, sync-race
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

extern "C" __global__ __aicore__ void cast_mixed(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  CastTiling t = *reinterpret_cast<__gm__ CastTiling *>(tiling);
  KernelCastMixed op;
  op.Init(x, y, t);
  op.Process();
}
