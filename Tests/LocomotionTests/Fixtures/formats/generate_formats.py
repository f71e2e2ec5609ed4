"""Writes the small, synthetic phone-export fixtures of RecordingImporterTests (run from this folder).

Every file is made up here in the layouts the apps document (Sensor Logger, phyphox, Physics Toolbox
Sensor Suite, GPX 1.1); no recording is copied. The zip is written with fixed timestamps, so the
output is the same on every run.
"""
import math
import os
import zipfile

G = 9.80665
T0 = 1_700_000_000_000_000_000  # ns since 1970 of seconds_elapsed = 0


def write(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", newline="\n") as f:
        f.write(text)


def sensor(rows, columns):
    lines = ["time,seconds_elapsed," + ",".join(columns)]
    for t, values in rows:
        lines.append(f"{T0 + round(t * 1e9)},{t:.6f}," + ",".join(f"{v:.6f}" for v in values))
    return "\n".join(lines) + "\n"


def android():
    d = "sensorlogger-android"
    write(f"{d}/Metadata.csv",
          "version,device name,recording epoch time,recording time,recording timezone,platform,appVersion,device id,"
          "sensors,sampleRateMs,standardisation\n"
          "3,Test Phone,1700000000000,2023-11-14_22-13-20,UTC,android,1.35.0,test,"
          "Accelerometer|TotalAcceleration|Gyroscope|Location|Pedometer|Barometer|Annotation|Magnetometer,10|10|10|1000|||,false\n")
    # Accelerometer.csv (gravity removed) at 50 Hz from 0.01 s; Sensor Logger writes z, y, x.
    lin = [(0.01 + i / 50, (0.0, 0.0, 0.1 * G * math.sin(2 * math.pi * i / 50))) for i in range(100)]
    write(f"{d}/Accelerometer.csv", sensor([(t, (z, y, x)) for t, (x, y, z) in lin], ["z", "y", "x"]))
    # TotalAcceleration.csv: lying screen up, +g on z (Android), from 0.0 to 2.0 s.
    tot = [(i / 50, (0.0, 0.0, G)) for i in range(101)]
    write(f"{d}/TotalAcceleration.csv", sensor([(t, (z, y, x)) for t, (x, y, z) in tot], ["z", "y", "x"]))
    gyr = [(0.005 + i / 50, (0.1, -0.2, 0.3)) for i in range(100)]
    write(f"{d}/Gyroscope.csv", sensor([(t, (z, y, x)) for t, (x, y, z) in gyr], ["z", "y", "x"]))
    write(f"{d}/Location.csv",
          "time,seconds_elapsed,bearingAccuracy,speedAccuracy,verticalAccuracy,horizontalAccuracy,speed,bearing,altitude,longitude,latitude\n"
          f"{T0 + 500_000_000},0.5,10,0.5,3,4.5,1.25,90,100,2.35,48.85\n"
          f"{T0 + 1_500_000_000},1.5,10,-1,3,4.5,-1,90,100,2.3501,48.8501\n"
          f"{T0 + 5_000_000_000},5.0,10,0.5,3,4.5,1.5,90,100,2.3502,48.8502\n")
    write(f"{d}/Pedometer.csv", "time,seconds_elapsed,steps\n"
          f"{T0 + 1_000_000_000},1.0,2\n{T0 + 1_900_000_000},1.9,4\n")
    write(f"{d}/Barometer.csv", "time,seconds_elapsed,relativeAltitude,pressure\n"
          f"{T0 + 300_000_000},0.3,0,1013.25\n{T0 + 1_300_000_000},1.3,0.1,1013.24\n")
    write(f"{d}/Annotation.csv", "time,seconds_elapsed,text,millisecond_press_duration\n"
          f"{T0 + 200_000_000},0.2,walking,120\n{T0 + 1_200_000_000},1.2,standing,80\n")
    write(f"{d}/Magnetometer.csv", sensor([(i / 10, (40.0, 1.0, -3.0)) for i in range(20)], ["z", "y", "x"]))
    with zipfile.ZipFile("sensorlogger-android.zip", "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(os.listdir(d)):
            info = zipfile.ZipInfo(f"Walk-2023-11-14_22-13-20/{name}", date_time=(2023, 11, 14, 22, 13, 20))
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(f"{d}/{name}", "rb") as f:
                z.writestr(info, f.read())


def ios():
    d = "sensorlogger-ios"
    write(f"{d}/Metadata.csv",
          "version,device name,recording epoch time,recording time,recording timezone,platform,appVersion,device id,sensors,sampleRateMs\n"
          "3,iPhone,1700000000000,2023-11-14_22-13-20,UTC,ios,1.35.0,test,Accelerometer|Gravity|Gyroscope,10|10|10\n")
    rows = [i / 100 for i in range(50)]
    # User acceleration 0.1 g up the z axis; gravity lying screen up is -z on iOS.
    write(f"{d}/Accelerometer.csv", sensor([(t, (0.1 * G, 0.0, 0.0)) for t in rows], ["z", "y", "x"]))
    write(f"{d}/Gravity.csv", sensor([(t, (-G, 0.0, 0.0)) for t in rows], ["z", "y", "x"]))
    write(f"{d}/Gyroscope.csv", sensor([(t, (0.3, -0.2, 0.1)) for t in rows], ["z", "y", "x"]))


def phyphox():
    header = '"Time (s)","Acceleration x (m/s^2)","Acceleration y (m/s^2)","Acceleration z (m/s^2)","Absolute acceleration (m/s^2)"'
    rows = [(i * 0.01, 0.0, 0.5 * G, G) for i in range(20)]
    write("phyphox-acceleration.csv", header + "\n" + "\n".join(
        f"{t:.9E},{x:.9E},{y:.9E},{z:.9E},{math.sqrt(y * y + z * z):.9E}" for t, x, y, z in rows) + "\n")
    write("phyphox-acceleration-semicolon.csv", header.replace(",", ";") + "\n" + "\n".join(
        ";".join(f"{v:.9E}".replace(".", ",") for v in (t, x, y, z, math.sqrt(y * y + z * z))) for t, x, y, z in rows) + "\n")
    write("phyphox-location.csv",
          '"Time (s)","Latitude (°)","Longitude (°)","Height (m)","Velocity (m/s)","Direction (°)","Horizontal Accuracy (m)","Vertical Accuracy (m)"\n'
          "0.000000000E0,4.885000000E1,2.350000000E0,1.000000000E2,1.200000000E0,9.000000000E1,5.000000000E0,3.000000000E0\n"
          "1.000000000E0,4.885001000E1,2.350000000E0,1.000000000E2,1.300000000E0,9.000000000E1,5.000000000E0,3.000000000E0\n")


def physics_toolbox():
    # Semicolons and decimal commas, clock-time stamps crossing midnight, g units, Android signs.
    stamps = ["23:59:59:9800", "23:59:59:9900", "00:00:00:0000", "00:00:00:0110", "00:00:00:0200"]
    lines = ["time;gFx;gFy;gFz;TgF"] + [f"{s};0,0000;0,1000;1,0000;1,005" for s in stamps]
    write("physicstoolbox-gforce.csv", "\n".join(lines) + "\n")
    lines = ["time,gFx,gFy,gFz,TgF", "0.000,0.0,0.0,1.0,1.0", "0.005,0.0,0.0,1.0,1.0", "0.012,0.0,0.0,1.0,1.0"]
    write("physicstoolbox-seconds.csv", "\n".join(lines) + "\n")


def gpx():
    write("track.gpx", """<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="fixture" xmlns="http://www.topografix.com/GPX/1/1"
     xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
  <!-- segment 1: speeds from the extension -->
  <trk><name>walk &amp; ride</name>
    <trkseg>
      <trkpt lat="45.0" lon="14.0"><ele>10.5</ele><time>2010-10-04T05:13:19Z</time>
        <extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>1.5</gpxtpx:speed></gpxtpx:TrackPointExtension></extensions></trkpt>
      <trkpt lat="45.0001" lon="14.0"><ele>10.7</ele><time>2010-10-04T05:13:29Z</time>
        <extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>1.25</gpxtpx:speed></gpxtpx:TrackPointExtension></extensions></trkpt>
    </trkseg>
    <trkseg>
      <trkpt lat='45.001' lon='14.001'><time>2010-10-04T05:14:00Z</time></trkpt>
      <trkpt lat="45.0019" lon="14.001"><time>2010-10-04T05:14:10Z</time></trkpt>
      <trkpt lat="45.0020" lon="14.001"><ele>11</ele></trkpt>
      <trkpt lat="45.0028" lon="14.001"><time>2010-10-04T05:14:20Z</time></trkpt>
    </trkseg>
  </trk>
</gpx>
""")


android()
ios()
phyphox()
physics_toolbox()
gpx()
