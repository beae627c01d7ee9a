#!/usr/bin/env python3
"""Exchanges without MPI: SIZE bytes both ways at once over one TCP connection, N times, each after PAUSE_MS of
computation, as tools/lab/pairs.c does with MPI_Sendrecv (docs/lab.md, "Open MPI's TCP rendezvous halves an
exchange": plain TCP on the same shaped links runs both ways at once). Prints the client's time of each exchange.

usage (as root, the lab up: tools/lab/lab.sh up --rate 100mbit):
  ip netns exec tirlab1 python3 tools/lab/tcp_exchange.py server 10.77.0.1 SIZE PAUSE_MS N &
  ip netns exec tirlab2 python3 tools/lab/tcp_exchange.py client 10.77.0.1 SIZE PAUSE_MS N
"""
import socket
import sys
import threading
import time

PORT = 5555


def connect(role, host):
    if role == 'server':
        listening = socket.create_server((host, PORT))
        listening.settimeout(30)
        return listening.accept()[0]
    for _ in range(200):  # the server may not listen yet
        try:
            return socket.create_connection((host, PORT), timeout=30)
        except OSError:
            time.sleep(0.05)
    sys.exit(f'tcp_exchange: cannot connect to {host}:{PORT}')


def main(argv):
    if len(argv) != 5 or argv[0] not in ('server', 'client'):
        sys.exit(__doc__)
    role, host, size, pause, count = argv[0], argv[1], int(argv[2]), float(argv[3]) * 1e-3, int(argv[4])
    connection = connect(role, host)
    connection.settimeout(30)
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    data, times, surplus = b'x' * size, [], 0  # surplus: bytes of the next exchange read with this one's
    for _ in range(count):
        end = time.monotonic() + pause
        while time.monotonic() < end:
            pass
        start = time.monotonic()
        sender = threading.Thread(target=connection.sendall, args=(data,))
        sender.start()
        received = surplus
        while received < size:
            chunk = len(connection.recv(1 << 20))
            if chunk == 0:
                sys.exit('tcp_exchange: the peer closed the connection')
            received += chunk
        surplus = received - size
        sender.join()
        times.append(time.monotonic() - start)
    connection.shutdown(socket.SHUT_WR)  # closed only once the peer has read everything
    while connection.recv(1 << 20):
        pass
    if role == 'client':
        print(f'{size} bytes each way after {pause * 1e3:g} ms: ' + ' '.join(f'{t * 1e3:.1f}' for t in times) + ' ms')


if __name__ == '__main__':
    main(sys.argv[1:])
