/*
 * writer.c -- where output goes, safely.
 *
 * Standard output is written as it is.  A named regular file is written
 * under a temporary name in the same directory (NAME.tmp-XXXXXX, or
 * .sudoflow.tmp-XXXXXX when NAME is too long to extend) and renamed into
 * place only when the caller commits, so a failed or interrupted run
 * never leaves a file that looks complete.  An existing file is replaced
 * only with force: without it, opening refuses a file that exists, and
 * the commit refuses one that appeared while the run wrote (another run,
 * another program), atomically: renameat2's RENAME_NOREPLACE, or where
 * the file system lacks it a hard link and an unlink, which fail just the
 * same when the name is taken.  An existing non-regular file (/dev/null,
 * /dev/full, a FIFO) is written directly.  Every write is checked, so a
 * full disk is an error, not a short file.
 *
 * The writer does not compress: for gzip output the batch driver compresses
 * chunks into independent gzip members in parallel (sf_gzip_member, in
 * gzout.c) and passes the members here in order.
 */
#define _GNU_SOURCE /* pwritev, renameat2 */
#include "sudoflow.h"
#include "writer_at.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <stdint.h>
#include <unistd.h>

#define SF_WRITEV_MAX 256 /* iovecs per writev call */

struct sf_writer {
    int fd;             /* destination descriptor */
    int own_fd;         /* 1 when we opened fd and must close it */
    int gzip, level;    /* compression requested */
    char *path;         /* final name, NULL for stdout */
    char *tmp;          /* temporary name, NULL when writing directly */
    int wrote;          /* 1 once any byte was written */
    int force;          /* commit may replace a file at path */
};

static void set_error(sf_error_t *err, int code, const char *name,
                      const char *what, int errnum)
{
    if (!err)
        return;
    err->code = code;
    if (errnum)
        snprintf(err->message, sizeof err->message, "%s: %s: %s", name, what,
                 strerror(errnum));
    else
        snprintf(err->message, sizeof err->message, "%s: %s", name, what);
}

/* The process umask, for giving the output file ordinary permissions
 * (mkstemp creates it 0600).  Called before any worker thread starts. */
static mode_t current_umask(void)
{
    const mode_t m = umask(0);
    umask(m);
    return m;
}

static int ends_with(const char *s, const char *suffix)
{
    const size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Longest file name in the directory of path (the part before its last
 * '/'); 255 when the system does not say. */
static size_t name_max_of(const char *path, size_t dir_len)
{
    char dir[4096] = ".";
    if (dir_len > 0 && dir_len < sizeof dir) {
        memcpy(dir, path, dir_len);
        dir[dir_len] = '\0';
    }
    const long m = pathconf(dir, _PC_NAME_MAX);
    return m > 0 ? (size_t)m : 255;
}

/* The temporary name for path: NAME.tmp-XXXXXX beside it, or, when that
 * name would be too long for the directory, .sudoflow.tmp-XXXXXX in the
 * same directory.  NULL when out of memory. */
static char *temp_name(const char *path)
{
    static const char suffix[] = ".tmp-XXXXXX", alone[] = ".sudoflow.tmp-XXXXXX";
    const char *slash = strrchr(path, '/');
    const size_t n = strlen(path);
    const size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
    const int fits = n - dir_len + sizeof suffix - 1 <=
                     name_max_of(path, dir_len);
    char *tmp = malloc(n + sizeof alone + sizeof suffix);
    if (!tmp)
        return NULL;
    memcpy(tmp, path, fits ? n : dir_len);
    if (fits)
        memcpy(tmp + n, suffix, sizeof suffix);
    else
        memcpy(tmp + dir_len, alone, sizeof alone);
    return tmp;
}

/* Open path directly (an existing non-regular file, also through a
 * symbolic link: /dev/null, a FIFO) or through a temporary file.  With
 * force an existing regular file is replaced on commit, as zstd -f does:
 * when path is a symbolic link to one, the link itself is replaced and
 * its target left alone; the new file has the usual permissions (0666
 * minus the umask) whatever the old one had, read-only included.  A
 * dangling symbolic link counts as an existing file: refused without
 * force, replaced (the link, not created through it) with it. */
static int open_target(sf_writer_t *w, const sf_writer_opts_t *o,
                       sf_error_t *err)
{
    struct stat st;
    const int exists = stat(o->path, &st) == 0;
    const size_t n = strlen(o->path);
    w->path = malloc(n + 1);
    if (!w->path) {
        set_error(err, SF_ERR_NOMEM, o->path, "out of memory", 0);
        return -1;
    }
    memcpy(w->path, o->path, n + 1);
    if (exists && !S_ISREG(st.st_mode)) {
        w->fd = open(o->path, O_WRONLY);
        if (w->fd < 0) {
            set_error(err, SF_ERR_IO, o->path, "cannot open", errno);
            return -1;
        }
        return 0;
    }
    if (exists && !o->force) {
        set_error(err, SF_ERR_IO, o->path,
                  "already exists (use -f to overwrite)", 0);
        return -1;
    }
    if (!exists && !o->force && lstat(o->path, &st) == 0) {
        set_error(err, SF_ERR_IO, o->path, "is a symbolic link to nothing "
                  "(use -f to replace the link)", 0);
        return -1;
    }
    w->tmp = temp_name(o->path);
    if (!w->tmp) {
        set_error(err, SF_ERR_NOMEM, o->path, "out of memory", 0);
        return -1;
    }
    w->fd = mkstemp(w->tmp);
    if (w->fd < 0) {
        set_error(err, SF_ERR_IO, o->path, "cannot create", errno);
        free(w->tmp);
        w->tmp = NULL;
        return -1;
    }
    fchmod(w->fd, 0666 & ~current_umask());
    return 0;
}

sf_writer_t *sf_writer_open(const sf_writer_opts_t *o, sf_error_t *err)
{
    if (!o) {
        set_error(err, SF_ERR_USAGE, "output", "no options given", 0);
        return NULL;
    }
    sf_writer_t *w = calloc(1, sizeof *w);
    if (!w) {
        set_error(err, SF_ERR_NOMEM, "output", "out of memory", 0);
        return NULL;
    }
    const int to_stdout = !o->path || strcmp(o->path, "-") == 0;
    w->gzip = o->gzip < 0 ? (!to_stdout && ends_with(o->path, ".gz")) : o->gzip;
    w->level = o->level >= 1 && o->level <= 9 ? o->level : 1;
    w->fd = STDOUT_FILENO;
    w->force = o->force;
    if (!to_stdout) {
        w->own_fd = 1;
        if (open_target(w, o, err) != 0) {
            free(w->path);
            free(w->tmp);
            free(w);
            return NULL;
        }
    }
    return w;
}

int sf_writer_gzip(const sf_writer_t *w)
{
    return w ? w->gzip : 0;
}

int sf_writer_level(const sf_writer_t *w)
{
    return w ? w->level : 0;
}

static const char *writer_name(const sf_writer_t *w)
{
    return w->path ? w->path : "<stdout>";
}

int sf_writer_write(sf_writer_t *w, const void *buf, size_t len,
                    sf_error_t *err)
{
    const struct iovec one = {.iov_base = (void *)(uintptr_t)buf,
                              .iov_len = len};
    return sf_writer_writev(w, &one, 1, err);
}

/* Write all of iov[0, n): at the file position (off < 0) or at off. */
static int write_all(sf_writer_t *w, const struct iovec *iov, int n,
                     int64_t off, sf_error_t *err)
{
    struct iovec v[SF_WRITEV_MAX];
    w->wrote |= n > 0;
    while (n > 0) {
        int k = 0;
        size_t total = 0;
        for (; k < n && k < SF_WRITEV_MAX; k++) {
            v[k] = iov[k];
            total += iov[k].iov_len;
        }
        int at = 0;
        while (total > 0) {
            ssize_t got = off < 0 ? writev(w->fd, v + at, k - at)
                                  : pwritev(w->fd, v + at, k - at, (off_t)off);
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0) {
                set_error(err, SF_ERR_IO, writer_name(w), "write failed",
                          got < 0 ? errno : ENOSPC);
                return -1;
            }
            total -= (size_t)got;
            off += off < 0 ? 0 : got;
            while (at < k && (size_t)got >= v[at].iov_len)
                got -= (ssize_t)v[at++].iov_len;
            if (at < k) {
                v[at].iov_base = (char *)v[at].iov_base + got;
                v[at].iov_len -= (size_t)got;
            }
        }
        iov += k;
        n -= k;
    }
    return 0;
}

int sf_writer_writev(sf_writer_t *w, const struct iovec *iov, int n,
                     sf_error_t *err)
{
    if (!w || (n > 0 && !iov) || n < 0) {
        set_error(err, SF_ERR_USAGE, "output", w ? "bad buffers" : "no writer",
                  0);
        return -1;
    }
    return write_all(w, iov, n, -1, err);
}

/* A gzip output that got nothing still gets one empty member: an empty
 * file would be a truncated gzip stream to every reader. */
static int finish_gzip(sf_writer_t *w, sf_error_t *err)
{
    if (!w->gzip || w->wrote)
        return 0;
    char *gz = NULL;
    size_t len = 0, cap = 0;
    if (sf_gzip_member("", 0, w->level, &gz, &len, &cap) != 0) {
        set_error(err, SF_ERR_NOMEM, writer_name(w), "out of memory", 0);
        return -1;
    }
    const int rc = sf_writer_write(w, gz, len, err);
    free(gz);
    return rc;
}

/* rename(tmp, path), but failing with EEXIST when path exists: the
 * kernel's RENAME_NOREPLACE, else a hard link then the unlink of tmp;
 * on a file system with neither, a look before the rename is the best
 * there is. */
static int rename_noreplace(const char *tmp, const char *path)
{
#ifdef RENAME_NOREPLACE
    if (renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
        return -1;
#endif
    if (link(tmp, path) == 0) {
        unlink(tmp);
        return 0;
    }
    if (errno != EPERM && errno != ENOTSUP)
        return -1;
    struct stat st;
    if (lstat(path, &st) == 0) {
        errno = EEXIST;
        return -1;
    }
    return rename(tmp, path);
}

/* Put the temporary file in place: replacing what is there with force,
 * else only when the name is still free. */
static int commit_temp(sf_writer_t *w, sf_error_t *err)
{
    if (w->force ? rename(w->tmp, w->path) == 0
                 : rename_noreplace(w->tmp, w->path) == 0)
        return 0;
    if (errno == EEXIST)
        set_error(err, SF_ERR_IO, w->path, "was created by another program "
                  "while this run wrote it: left as it is, and this run's "
                  "output removed (use -f to overwrite)", 0);
    else
        set_error(err, SF_ERR_IO, w->path, "cannot rename into place", errno);
    return -1;
}

int sf_writer_close(sf_writer_t *w, int commit, sf_error_t *err)
{
    if (!w) /* nothing to close, as free(NULL) */
        return 0;
    int rc = commit ? finish_gzip(w, err) : 0;
    if (w->own_fd && close(w->fd) != 0 && commit && rc == 0) {
        set_error(err, SF_ERR_IO, writer_name(w), "close failed", errno);
        rc = -1;
    }
    if (w->tmp) {
        if (commit && rc == 0)
            rc = commit_temp(w, err);
        if (!commit || rc != 0)
            unlink(w->tmp);
    }
    free(w->path);
    free(w->tmp);
    free(w);
    return rc;
}

const char *sf_writer_temp_path(const sf_writer_t *w)
{
    return w ? w->tmp : NULL;
}

/* ------------------------------------------ several processes (dist.h) */

int writer_shared(const sf_writer_t *w, const char **tmp, const char **name)
{
    if (!w->tmp)
        return -1;
    *tmp = w->tmp;
    *name = w->path;
    return 0;
}

sf_writer_t *writer_open_shared(const char *tmp, const char *name,
                                sf_error_t *err)
{
    sf_writer_t *w = calloc(1, sizeof *w);
    const size_t n = strlen(name) + 1;
    char *path = malloc(n);
    if (!w || !path) {
        free(w);
        free(path);
        set_error(err, SF_ERR_NOMEM, name, "out of memory", 0);
        return NULL;
    }
    memcpy(path, name, n);
    w->path = path;
    w->own_fd = 1;
    w->fd = open(tmp, O_WRONLY | O_CLOEXEC);
    if (w->fd < 0) {
        set_error(err, SF_ERR_IO, name, "cannot open", errno);
        free(path);
        free(w);
        return NULL;
    }
    return w;
}

uint64_t writer_tell(const sf_writer_t *w)
{
    const off_t at = lseek(w->fd, 0, SEEK_CUR);
    return at > 0 ? (uint64_t)at : 0;
}

int writer_pwritev(sf_writer_t *w, const struct iovec *iov, int n,
                   uint64_t off, sf_error_t *err)
{
    return write_all(w, iov, n, (int64_t)off, err);
}

int writer_end_at(sf_writer_t *w, uint64_t end, sf_error_t *err)
{
    if (lseek(w->fd, (off_t)end, SEEK_SET) != (off_t)end) {
        set_error(err, SF_ERR_IO, writer_name(w), "write failed", errno);
        return -1;
    }
    return 0;
}
