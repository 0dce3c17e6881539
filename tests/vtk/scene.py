#!/usr/bin/python3
# scene.py: renders one small VTK scene on the X display in $DISPLAY through
# whatever libGL.so.1 the process loads, and writes the window's pixels as a
# binary PPM (P6).
#
# Usage: scene.py <cone|sphere> <out.ppm>
#   cone    a vtkConeSource coloured by point scalars (vtkElevationFilter)
#           through a lookup table: VTK's GLSL 1.50 shaders with in/out,
#           interpolated scalars as colours
#   sphere  a vtkSphereSource coloured by cell scalars (one value per
#           triangle): VTK reads them from a texture buffer with texelFetch
#           indexed by gl_PrimitiveID in the fragment shader
# The window is an ordinary on-screen (offscreen=False) 200x200 window, so
# VTK 9.1 creates a GLX 3.2 core context with glXCreateContextAttribsARB.
# tests/vtk/run_vtk.sh runs it once with Mesa's llvmpipe libGL (the oracle)
# and once with swr's, on the same private Xvfb, and compares the images.
# Prints GL_VENDOR/GL_RENDERER/GL_VERSION on stdout (VTK's ReportCapabilities
# first lines) so the log shows which library rendered.
import sys

import vtk


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("cone", "sphere"):
        print("usage: scene.py <cone|sphere> <out.ppm>", file=sys.stderr)
        return 2
    scene, out = sys.argv[1], sys.argv[2]
    if scene == "cone":
        src = vtk.vtkConeSource()
        src.SetResolution(24)
        src.SetHeight(2.0)
        src.SetRadius(0.9)
        elev = vtk.vtkElevationFilter()
        elev.SetInputConnection(src.GetOutputPort())
        elev.SetLowPoint(-1, 0, 0)
        elev.SetHighPoint(1, 0, 0)
        mapper = vtk.vtkPolyDataMapper()
        mapper.SetInputConnection(elev.GetOutputPort())
        mapper.SetScalarRange(0, 1)
        lut = vtk.vtkLookupTable()
        lut.SetHueRange(0.667, 0.0)
        lut.Build()
        mapper.SetLookupTable(lut)
    else:
        src = vtk.vtkSphereSource()
        src.SetThetaResolution(16)
        src.SetPhiResolution(12)
        src.Update()
        poly = vtk.vtkPolyData()
        poly.DeepCopy(src.GetOutput())
        scalars = vtk.vtkFloatArray()
        scalars.SetName("cellid")
        n = poly.GetNumberOfCells()
        for i in range(n):
            scalars.InsertNextValue(float(i) / max(1, n - 1))
        poly.GetCellData().SetScalars(scalars)
        mapper = vtk.vtkPolyDataMapper()
        mapper.SetInputData(poly)
        mapper.SetScalarModeToUseCellData()
        mapper.SetScalarRange(0, 1)
    actor = vtk.vtkActor()
    actor.SetMapper(mapper)
    ren = vtk.vtkRenderer()
    ren.AddActor(actor)
    ren.SetBackground(0.1, 0.2, 0.3)
    win = vtk.vtkRenderWindow()
    win.SetOffScreenRendering(False)
    win.SetSize(200, 200)
    win.AddRenderer(ren)
    ren.ResetCamera()
    ren.GetActiveCamera().Azimuth(30)
    ren.GetActiveCamera().Elevation(20)
    win.Render()
    caps = win.ReportCapabilities() or ""
    for line in caps.splitlines():
        if line.startswith("OpenGL"):
            print(line)
    grab = vtk.vtkWindowToImageFilter()
    grab.SetInput(win)
    grab.SetInputBufferTypeToRGB()
    grab.ReadFrontBufferOff()
    grab.Update()
    img = grab.GetOutput()
    w, h, _ = img.GetDimensions()
    arr = img.GetPointData().GetScalars()
    data = bytearray(w * h * 3)
    for i in range(w * h):
        for c in range(3):
            data[i * 3 + c] = int(arr.GetComponent(i, c))
    with open(out, "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (w, h))
        f.write(bytes(data))
    win.Finalize()
    return 0


if __name__ == "__main__":
    sys.exit(main())
