// Parse test for the bundled AscendC API (api/include): the low-level ways to
// synchronise — raw set_flag/wait_flag/pipe_barrier with event_t and int ids,
// TQueSync between two fixed pipes, DataSyncBarrier, raw DMA intrinsics and
// block_idx. Must compile with
//   clang++-19 -std=c++17 -fsyntax-only -Wall -I api/include
#include "kernel_operator.h"

using namespace AscendC;

__aicore__ inline void CopyTileRaw(__ubuf__ float* ub, __gm__ float* gm, uint16_t blocks)
{
    copy_gm_to_ubuf((__ubuf__ void*)ub, (__gm__ void*)gm, 0, 1, blocks, 0, 0);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
}

extern "C" __global__ __aicore__ void raw_sync(GM_ADDR in, GM_ADDR out, uint32_t length)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, length * sizeof(float));
    LocalTensor<float> tile = buf.Get<float>();

    GlobalTensor<float> inGm;
    GlobalTensor<float> outGm;
    inGm.SetGlobalBuffer((__gm__ float*)in + block_idx * length, length);
    outGm.SetGlobalBuffer((__gm__ float*)out + get_block_idx() * length, length);

    DataCopy(tile, inGm, length);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID1);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID1);

    Adds(tile, tile, 1.0f, length);
    pipe_barrier(PIPE_V);
    Relu(tile, tile, length);

    int eventId = 3; // ids often arrive as plain ints
    set_flag(PIPE_V, PIPE_MTE3, eventId);
    wait_flag(PIPE_V, PIPE_MTE3, eventId);
    DataCopy(outGm, tile, length);

    // Scalar writes to UB that MTE3 then reads: S -> MTE3 through TQueSync.
    TQueSync<PIPE_S, PIPE_MTE3> sToMte3;
    tile.SetValue(0, 0.0f);
    sToMte3.SetFlag(0);
    sToMte3.WaitFlag(0);
    DataCopy(outGm, tile, 8);

    CopyTileRaw((__ubuf__ float*)tile.GetPhyAddr(), (__gm__ float*)in, 1);

    pipe_barrier(PIPE_ALL);
    DataSyncBarrier<MemDsbT::ALL>();
    dsb(DSB_DDR);
}
