#!/bin/sh
# Per-source table of the prototype over the shared data (two processes).
cd "$(dirname "$0")"
python3 vehicle_state.py "$@" car-phone-physicstoolbox driver-behavior bratislava-tram-bus metro-paris-linacc metro-paris-totalacc tmd-vehicle tartu-linacc > /tmp/vehicle_a.txt &
python3 vehicle_state.py "$@" tmd-walking-still uci-hapt motionsense hugadb-cycling geotec-tug skdh daphnet gaitpy mobilised-d oxford voisard > /tmp/vehicle_b.txt
wait
cat /tmp/vehicle_a.txt /tmp/vehicle_b.txt
