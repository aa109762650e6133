/*
 * mpi_main.c -- sudoflow-mpi: the sudoflow command as one process of an
 * MPI job, and the operations of dist.h on MPI.
 *
 * Every process runs the same command line.  When the job has more than
 * one process, sf_dist is set before the command runs, and the batch
 * driver deals the input's chunks out among the processes (dist.h has the
 * model); with one process sudoflow-mpi is sudoflow.  Only rank 0 keeps
 * its standard output and error: the others write theirs to /dev/null,
 * since what they would say rank 0 says too (it reads all input, and
 * errors are agreed on before they are reported).  At the
 * end all processes exit with rank 0's status, so the launcher reports
 * what one process would.
 *
 * MPI is initialised for MPI_THREAD_MULTIPLE: the batch driver's reading
 * and writing thread and its ordered pass talk to other processes at the
 * same time, and the standard input is relayed by a thread of its own on
 * a communicator of its own.  Waiting is done by polling a request with
 * short sleeps instead of a blocking call, which in most MPI libraries
 * spins: a process waiting for another must leave the cores to the
 * workers.
 */
#define _DEFAULT_SOURCE /* nanosleep, usleep */
#include "dist/batch_dist.h"
#include "engine/dist.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <mpi.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

int sf_cli_main(int argc, char **argv); /* main.c, renamed for this build */

#define PIECE (1 << 20) /* standard input relayed in pieces of this size */

typedef struct mpi_job {
    MPI_Comm comm;        /* the batch driver's messages and collectives */
    MPI_Comm comm_in;     /* the standard input */
    int rank, ranks;
    int real_in;          /* rank 0: the standard input, while relayed */
    int pipe_w;           /* where the relay writes this process's input */
    volatile int stop;    /* stdin_end: stop relaying */
    pthread_t relay;
    int *counts;          /* op_gather: counts, then displacements */
} mpi_job_t;

static sf_dist_t dist; /* sf_dist, when the job has several processes */

/* Wait for request r, sleeping between tests (from 20 us to 1 ms). */
static int wait_for(MPI_Request *r)
{
    long ns = 20000;
    for (;;) {
        int done = 0;
        if (MPI_Test(r, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS)
            return -1;
        if (done)
            return 0;
        const struct timespec ts = {0, ns};
        nanosleep(&ts, NULL);
        ns = ns < 1000000 ? ns * 2 : ns;
    }
}

static int op_send(void *ctx, int to, int tag, const struct iovec *iov,
                   int n)
{
    mpi_job_t *m = ctx;
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += iov[i].iov_len;
    if (len > INT_MAX)
        return -1;
    char *buf = malloc(len ? len : 1);
    if (!buf)
        return -1;
    for (size_t i = 0, at = 0; i < (size_t)n; at += iov[i++].iov_len)
        if (iov[i].iov_len)
            memcpy(buf + at, iov[i].iov_base, iov[i].iov_len);
    MPI_Request r;
    int rc = MPI_Isend(buf, (int)len, MPI_BYTE, to, tag, m->comm, &r) ==
                     MPI_SUCCESS ? wait_for(&r) : -1;
    free(buf);
    return rc;
}

static int op_recv(void *ctx, int from, int tag, char **buf, size_t *len,
                   size_t *cap)
{
    mpi_job_t *m = ctx;
    MPI_Message msg;
    MPI_Status st;
    int found = 0, count;
    long ns = 20000;
    while (!found) {
        if (MPI_Improbe(from, tag, m->comm, &found, &msg, &st) != MPI_SUCCESS)
            return -1;
        if (!found) {
            const struct timespec ts = {0, ns};
            nanosleep(&ts, NULL);
            ns = ns < 1000000 ? ns * 2 : ns;
        }
    }
    MPI_Get_count(&st, MPI_BYTE, &count);
    if ((size_t)count > *cap || !*buf) {
        char *p = realloc(*buf, count ? (size_t)count : 1);
        if (!p)
            return -1;
        *buf = p;
        *cap = count ? (size_t)count : 1;
    }
    *len = (size_t)count;
    MPI_Request r;
    if (MPI_Imrecv(*buf, count, MPI_BYTE, &msg, &r) != MPI_SUCCESS)
        return -1;
    return wait_for(&r);
}

/* v[0..n-1] reduced in place over all processes. */
static void reduce(mpi_job_t *m, void *v, int n, MPI_Datatype type, MPI_Op op)
{
    MPI_Request r;
    if (MPI_Iallreduce(MPI_IN_PLACE, v, n, type, op, m->comm, &r) ==
        MPI_SUCCESS)
        wait_for(&r);
}

static int op_any(void *ctx, int flag)
{
    int v = flag != 0;
    reduce(ctx, &v, 1, MPI_INT, MPI_MAX);
    return v;
}

static void op_sum(void *ctx, uint64_t *v, int n)
{
    reduce(ctx, v, n, MPI_UINT64_T, MPI_SUM);
}

static void op_fsum(void *ctx, double *v, int n)
{
    reduce(ctx, v, n, MPI_DOUBLE, MPI_SUM);
}

static void op_fmax(void *ctx, double *v, int n)
{
    reduce(ctx, v, n, MPI_DOUBLE, MPI_MAX);
}

/* n bytes at p from process root to all. */
static void bcast(MPI_Comm comm, void *p, size_t n, int root)
{
    MPI_Request r;
    if (MPI_Ibcast(p, (int)n, MPI_BYTE, root, comm, &r) == MPI_SUCCESS)
        wait_for(&r);
}

static void op_share(void *ctx, void *p, size_t n)
{
    mpi_job_t *m = ctx;
    bcast(m->comm, p, n, 0);
}

/* (Its arrays are allocated once, at the start, so that no process can
 * fail to join the collective for want of memory; the batch driver's
 * reading thread is its only caller.) */
static int op_gather(void *ctx, const void *mine, size_t len, void *all,
                     const size_t *lens)
{
    mpi_job_t *m = ctx;
    int *counts = m->counts, *displs = m->counts + m->ranks;
    size_t at = 0;
    int ok = len <= INT_MAX;
    for (int k = 0; ok && k < m->ranks; k++) {
        const size_t n = lens ? lens[k] : len;
        ok = n <= INT_MAX && at <= INT_MAX;
        counts[k] = (int)n;
        displs[k] = (int)at;
        at += n;
    }
    MPI_Request r;
    ok = ok && MPI_Iallgatherv(mine, (int)len, MPI_BYTE, all, counts, displs,
                               MPI_BYTE, m->comm, &r) == MPI_SUCCESS &&
         wait_for(&r) == 0;
    return ok ? 0 : -1;
}

static int op_agree(void *ctx, int rc, sf_error_t *err)
{
    mpi_job_t *m = ctx;
    int first = rc != 0 ? m->rank : m->ranks;
    reduce(m, &first, 1, MPI_INT, MPI_MIN);
    if (first == m->ranks)
        return 0;
    bcast(m->comm, err, sizeof *err, first);
    return -1;
}

/* ------------------------------------------------------- standard input */

/* Rank 0: the next piece of the real standard input into buf: its length,
 * 0 at its end, -1 once stdin_end asked to stop (or on a read error). */
static long read_piece(mpi_job_t *m, char *buf)
{
    struct pollfd p = {.fd = m->real_in, .events = POLLIN};
    while (!m->stop) {
        if (poll(&p, 1, 50) <= 0)
            continue;
        const ssize_t n = read(m->real_in, buf, PIECE);
        if (n >= 0 || (errno != EINTR && errno != EAGAIN))
            return n;
    }
    return -1;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        const ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* The relay thread: rank 0 reads its standard input and broadcasts it in
 * pieces; every process writes them into the pipe its reader reads. */
static void *relay(void *arg)
{
    mpi_job_t *m = arg;
    char *buf = malloc(PIECE);
    int broken = buf == NULL; /* the reader stopped: drain only */
    for (;;) {
        long n = m->rank == 0 ? (buf ? read_piece(m, buf) : -1) : 0;
        bcast(m->comm_in, &n, sizeof n, 0);
        if (n <= 0)
            break;
        if (!buf) /* cannot take the pieces: the job is lost */
            MPI_Abort(m->comm, 2);
        bcast(m->comm_in, buf, (size_t)n, 0);
        if (!broken && write_all(m->pipe_w, buf, (size_t)n) != 0)
            broken = 1;
    }
    close(m->pipe_w);
    free(buf);
    return NULL;
}

static void op_stdin_begin(void *ctx)
{
    mpi_job_t *m = ctx;
    int p[2];
    sigset_t all, old;
    if (pipe(p) != 0)
        MPI_Abort(m->comm, 2);
    m->real_in = m->rank == 0 ? dup(STDIN_FILENO) : -1;
    dup2(p[0], STDIN_FILENO);
    close(p[0]);
    m->pipe_w = p[1];
    m->stop = 0;
    dist.replicate = 1; /* every process reads what the relay brings */
    /* the relay takes no signal: SIGPIPE becomes EPIPE, others go to
     * the threads that handle them */
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    if (pthread_create(&m->relay, NULL, relay, m) != 0)
        MPI_Abort(m->comm, 2);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

static void op_stdin_end(void *ctx)
{
    mpi_job_t *m = ctx;
    m->stop = 1;
    const int null = open("/dev/null", O_RDONLY);
    dup2(null, STDIN_FILENO); /* the relay's writes now fail */
    close(null);
    pthread_join(m->relay, NULL);
    if (m->real_in >= 0) {
        dup2(m->real_in, STDIN_FILENO);
        close(m->real_in);
        m->real_in = -1;
    }
    dist.replicate = 0;
}

/* ------------------------------------------------------------------ main */

/* Processes other than rank 0 write their standard output and error to
 * /dev/null. */
static void quiet_others(int rank)
{
    if (rank == 0)
        return;
    const int null = open("/dev/null", O_WRONLY);
    if (null < 0)
        return;
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
    close(null);
}

int main(int argc, char **argv)
{
    int provided;
    static mpi_job_t m;
    if (MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided) !=
        MPI_SUCCESS)
        return 2;
    MPI_Comm_rank(MPI_COMM_WORLD, &m.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &m.ranks);
    if (m.ranks > 1 && provided < MPI_THREAD_MULTIPLE) {
        if (m.rank == 0)
            fprintf(stderr, "sudoflow: this MPI library does not support "
                    "MPI_THREAD_MULTIPLE, which sudoflow-mpi needs\n");
        MPI_Finalize();
        return 2;
    }
    if (m.ranks > 1) {
        m.counts = malloc(2 * (size_t)m.ranks * sizeof *m.counts);
        int none = m.counts == NULL;
        MPI_Allreduce(MPI_IN_PLACE, &none, 1, MPI_INT, MPI_MAX,
                      MPI_COMM_WORLD);
        if (none) {
            if (m.rank == 0)
                fprintf(stderr, "sudoflow: out of memory\n");
            MPI_Finalize();
            return 2; /* as an input or output error, like any other */
        }
        MPI_Comm_dup(MPI_COMM_WORLD, &m.comm);
        MPI_Comm_dup(MPI_COMM_WORLD, &m.comm_in);
        m.real_in = -1;
        dist = (sf_dist_t){
            .rank = m.rank, .ranks = m.ranks, .ctx = &m, .send = op_send,
            .recv = op_recv, .any = op_any, .sum = op_sum, .fsum = op_fsum,
            .fmax = op_fmax, .share = op_share, .gather = op_gather,
            .agree = op_agree,
            .stdin_begin = op_stdin_begin, .stdin_end = op_stdin_end,
        };
        sf_dist = &dist;
        batch_dist_install();
        quiet_others(m.rank);
    }
    int rc = sf_cli_main(argc, argv);
    if (m.ranks > 1) {
        MPI_Bcast(&rc, 1, MPI_INT, 0, m.comm);
        fflush(stdout);
        MPI_Comm_free(&m.comm);
        MPI_Comm_free(&m.comm_in);
        free(m.counts);
    }
    MPI_Finalize();
    return rc;
}
