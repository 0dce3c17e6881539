#!/usr/bin/python3
# scene.py: renders one small VTK scene on the X display in $DISPLAY through
# whatever libGL.so.1 the process loads, and writes the window's pixels as a
# binary PPM (P6).
#
# Usage: scene.py <scene> <out.ppm>      (scene.py --list names them)
#   cone     a vtkConeSource coloured by point scalars (vtkElevationFilter)
#            through a lookup table: VTK's GLSL 1.50 shaders with in/out,
#            interpolated scalars as colours
#   sphere   a vtkSphereSource coloured by cell scalars (one value per
#            triangle): VTK reads them from a texture buffer with texelFetch
#            indexed by gl_PrimitiveID in the fragment shader
#   lines    wide lines (width 5) and a wireframe surface (VTK 9.1 widens
#            lines itself, with a geometry shader, only when the width is
#            above GL_ALIASED_LINE_WIDTH_RANGE's maximum; on swr and
#            llvmpipe both draw them as GL wide lines)
#   points   points of size 6, plain and rendered as spheres (VTK's point
#            impostors: a fragment shader shading each point as a sphere)
#   glyphs   vtkGlyph3DMapper: one cone per point of a sphere, oriented by
#            the normals and coloured by scalars (instanced drawing,
#            glVertexAttribDivisor)
#   texture  a textured plane: a vtkTexture from a synthetic RGB image,
#            interpolated, with a scalar-free lit quad mesh
#   text     a vtkTextActor and a vtkCornerAnnotation over a surface (VTK's
#            FreeType text as textures, blending)
#   peeling  three overlapping translucent spheres with depth peeling
#            (floating-point/depth textures, several passes, occlusion
#            queries)
#   volume   vtkSmartVolumeMapper ray-casting synthetic 3D scalar data
#            (3D textures, a transfer function texture, a long loop in the
#            fragment shader)
#   pick     vtkHardwareSelector picks the cells under a rectangle (VTK
#            renders cell ids as colours and reads them back); the picked
#            cells are painted red and the scene rendered again, so the
#            image shows what was picked
#   multi    four renderers (viewports) in one window, each with its own
#            camera and background, one with parallel projection
#   mesh     a larger surface (vtkParametricSuperToroid, ~200k triangles)
#            with smooth normals and specular lighting, the geometry-bound
#            case
# The window is an ordinary on-screen (offscreen=False) 200x200 window (mesh:
# 400x400), so VTK 9.1 creates a GLX 3.2 core context with
# glXCreateContextAttribsARB. tests/vtk/run_vtk.sh runs it once with Mesa's
# llvmpipe libGL (the oracle) and once with swr's, on the same private
# Xvfb, and compares the images. Prints GL_VENDOR/GL_RENDERER/GL_VERSION on
# stdout (VTK's ReportCapabilities first lines) so the log shows which
# library rendered, and "render seconds: T" for the timed renders.
import math
import sys
import time

import vtk


def actor_of(mapper):
    a = vtk.vtkActor()
    a.SetMapper(mapper)
    return a


def lut_blue_red():
    lut = vtk.vtkLookupTable()
    lut.SetHueRange(0.667, 0.0)
    lut.Build()
    return lut


def scene_cone(ren, win):
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
    mapper.SetLookupTable(lut_blue_red())
    ren.AddActor(actor_of(mapper))


def scene_sphere(ren, win):
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
    ren.AddActor(actor_of(mapper))


def scene_lines(ren, win):
    helix = vtk.vtkPoints()
    cells = vtk.vtkCellArray()
    n = 120
    cells.InsertNextCell(n)
    for i in range(n):
        t = i / (n - 1.0) * 4 * math.pi
        helix.InsertNextPoint(math.cos(t), math.sin(t), t / (2 * math.pi) - 1)
        cells.InsertCellPoint(i)
    poly = vtk.vtkPolyData()
    poly.SetPoints(helix)
    poly.SetLines(cells)
    elev = vtk.vtkElevationFilter()
    elev.SetInputData(poly)
    elev.SetLowPoint(0, 0, -1)
    elev.SetHighPoint(0, 0, 1)
    m = vtk.vtkPolyDataMapper()
    m.SetInputConnection(elev.GetOutputPort())
    m.SetLookupTable(lut_blue_red())
    a = actor_of(m)
    a.GetProperty().SetLineWidth(5)
    ren.AddActor(a)
    sph = vtk.vtkSphereSource()
    sph.SetRadius(0.5)
    sph.SetThetaResolution(10)
    sph.SetPhiResolution(8)
    m2 = vtk.vtkPolyDataMapper()
    m2.SetInputConnection(sph.GetOutputPort())
    w = actor_of(m2)
    w.GetProperty().SetRepresentationToWireframe()
    w.GetProperty().SetLineWidth(2)
    w.GetProperty().SetColor(1, 1, 0.3)
    ren.AddActor(w)


def scene_points(ren, win):
    src = vtk.vtkPointSource()
    src.SetNumberOfPoints(300)
    src.SetRadius(1.0)
    src.SetDistributionToUniform()
    src.SetRandomSequence(vtk.vtkMinimalStandardRandomSequence())
    elev = vtk.vtkElevationFilter()
    elev.SetInputConnection(src.GetOutputPort())
    elev.SetLowPoint(-1, 0, 0)
    elev.SetHighPoint(1, 0, 0)
    m = vtk.vtkPolyDataMapper()
    m.SetInputConnection(elev.GetOutputPort())
    m.SetLookupTable(lut_blue_red())
    a = actor_of(m)
    a.GetProperty().SetPointSize(6)
    a.GetProperty().SetRenderPointsAsSpheres(True)
    ren.AddActor(a)
    grid = vtk.vtkPlaneSource()
    grid.SetResolution(8, 8)
    grid.SetOrigin(-1.5, -1.5, -1.2)
    grid.SetPoint1(1.5, -1.5, -1.2)
    grid.SetPoint2(-1.5, 1.5, -1.2)
    m2 = vtk.vtkPolyDataMapper()
    m2.SetInputConnection(grid.GetOutputPort())
    b = actor_of(m2)
    b.GetProperty().SetRepresentationToPoints()
    b.GetProperty().SetPointSize(4)
    b.GetProperty().SetColor(0.9, 0.9, 0.9)
    ren.AddActor(b)


def scene_glyphs(ren, win):
    sph = vtk.vtkSphereSource()
    sph.SetThetaResolution(12)
    sph.SetPhiResolution(8)
    elev = vtk.vtkElevationFilter()
    elev.SetInputConnection(sph.GetOutputPort())
    elev.SetLowPoint(0, -0.5, 0)
    elev.SetHighPoint(0, 0.5, 0)
    cone = vtk.vtkConeSource()
    cone.SetResolution(8)
    cone.SetHeight(0.15)
    cone.SetRadius(0.04)
    g = vtk.vtkGlyph3DMapper()
    g.SetInputConnection(elev.GetOutputPort())
    g.SetSourceConnection(cone.GetOutputPort())
    g.SetOrientationArray("Normals")
    g.SetScalarRange(0, 1)
    g.SetLookupTable(lut_blue_red())
    ren.AddActor(actor_of(g))


def scene_texture(ren, win):
    img = vtk.vtkImageData()
    img.SetDimensions(64, 64, 1)
    img.AllocateScalars(vtk.VTK_UNSIGNED_CHAR, 3)
    sc = img.GetPointData().GetScalars()
    for y in range(64):
        for x in range(64):
            i = y * 64 + x
            check = ((x // 8) + (y // 8)) % 2
            sc.SetComponent(i, 0, 255 if check else 40)
            sc.SetComponent(i, 1, x * 4)
            sc.SetComponent(i, 2, y * 4)
    tex = vtk.vtkTexture()
    tex.SetInputData(img)
    tex.InterpolateOn()
    plane = vtk.vtkPlaneSource()
    plane.SetResolution(4, 4)
    m = vtk.vtkPolyDataMapper()
    m.SetInputConnection(plane.GetOutputPort())
    a = actor_of(m)
    a.SetTexture(tex)
    a.RotateX(-40)
    a.RotateZ(15)
    ren.AddActor(a)


def scene_text(ren, win):
    sph = vtk.vtkSphereSource()
    m = vtk.vtkPolyDataMapper()
    m.SetInputConnection(sph.GetOutputPort())
    a = actor_of(m)
    a.GetProperty().SetColor(0.8, 0.5, 0.3)
    ren.AddActor(a)
    t = vtk.vtkTextActor()
    t.SetInput("swr 3.3")
    t.GetTextProperty().SetFontSize(24)
    t.GetTextProperty().SetColor(1, 1, 0)
    t.GetTextProperty().BoldOn()
    t.SetPosition(20, 150)
    ren.AddActor2D(t)
    c = vtk.vtkCornerAnnotation()
    c.SetText(0, "lower left")
    c.SetText(3, "upper right")
    c.GetTextProperty().SetColor(0.6, 1, 0.6)
    c.SetMaximumFontSize(14)
    ren.AddViewProp(c)


def scene_peeling(ren, win):
    for i, (x, col) in enumerate(((-0.4, (1, 0.2, 0.2)), (0.0, (0.2, 1, 0.2)), (0.4, (0.2, 0.4, 1)))):
        s = vtk.vtkSphereSource()
        s.SetCenter(x, 0.1 * i, -0.2 * i)
        s.SetRadius(0.5)
        s.SetThetaResolution(24)
        s.SetPhiResolution(16)
        m = vtk.vtkPolyDataMapper()
        m.SetInputConnection(s.GetOutputPort())
        a = actor_of(m)
        a.GetProperty().SetColor(*col)
        a.GetProperty().SetOpacity(0.45)
        ren.AddActor(a)
    win.SetAlphaBitPlanes(1)
    win.SetMultiSamples(0)
    ren.SetUseDepthPeeling(1)
    ren.SetMaximumNumberOfPeels(6)
    ren.SetOcclusionRatio(0.0)


def scene_volume(ren, win):
    n = 32
    img = vtk.vtkImageData()
    img.SetDimensions(n, n, n)
    img.SetSpacing(1.0 / n, 1.0 / n, 1.0 / n)
    img.AllocateScalars(vtk.VTK_UNSIGNED_CHAR, 1)
    sc = img.GetPointData().GetScalars()
    for z in range(n):
        for y in range(n):
            for x in range(n):
                dx, dy, dz = x - n / 2.0, y - n / 2.0, z - n / 2.0
                r = math.sqrt(dx * dx + dy * dy + dz * dz)
                v = max(0.0, 255.0 - abs(r - n / 4.0) * 40.0)
                sc.SetValue((z * n + y) * n + x, int(v))
    m = vtk.vtkSmartVolumeMapper()
    m.SetInputData(img)
    m.SetRequestedRenderModeToGPU()
    color = vtk.vtkColorTransferFunction()
    color.AddRGBPoint(0, 0, 0, 0)
    color.AddRGBPoint(128, 1, 0.5, 0)
    color.AddRGBPoint(255, 1, 1, 1)
    opac = vtk.vtkPiecewiseFunction()
    opac.AddPoint(0, 0)
    opac.AddPoint(100, 0.05)
    opac.AddPoint(255, 0.6)
    prop = vtk.vtkVolumeProperty()
    prop.SetColor(color)
    prop.SetScalarOpacity(opac)
    prop.SetInterpolationTypeToLinear()
    vol = vtk.vtkVolume()
    vol.SetMapper(m)
    vol.SetProperty(prop)
    ren.AddVolume(vol)


def pick_polydata():
    src = vtk.vtkSphereSource()
    src.SetThetaResolution(20)
    src.SetPhiResolution(14)
    src.Update()
    poly = vtk.vtkPolyData()
    poly.DeepCopy(src.GetOutput())
    colors = vtk.vtkUnsignedCharArray()
    colors.SetNumberOfComponents(3)
    colors.SetName("colors")
    for _ in range(poly.GetNumberOfCells()):
        colors.InsertNextTuple3(200, 200, 200)
    poly.GetCellData().SetScalars(colors)
    return poly


def scene_pick(ren, win):
    poly = pick_polydata()
    m = vtk.vtkPolyDataMapper()
    m.SetInputData(poly)
    m.SetScalarModeToUseCellData()
    m.SetColorModeToDirectScalars()
    ren.AddActor(actor_of(m))
    return poly


def after_pick(ren, win, poly):
    sel = vtk.vtkHardwareSelector()
    sel.SetRenderer(ren)
    sel.SetArea(60, 60, 140, 140)
    sel.SetFieldAssociation(vtk.vtkDataObject.FIELD_ASSOCIATION_CELLS)
    res = sel.Select()
    ids = []
    for i in range(res.GetNumberOfNodes()):
        node = res.GetNode(i)
        lst = node.GetSelectionList()
        if lst:
            ids.extend(int(lst.GetTuple1(k)) for k in range(lst.GetNumberOfTuples()))
    print("picked cells: %d" % len(ids))
    colors = poly.GetCellData().GetScalars()
    for c in ids:
        if 0 <= c < colors.GetNumberOfTuples():
            colors.SetTuple3(c, 255, 0, 0)
    colors.Modified()
    poly.Modified()
    win.Render()


def scene_multi(ren0, win):
    win.RemoveRenderer(ren0)
    sources = (vtk.vtkConeSource(), vtk.vtkSphereSource(), vtk.vtkCubeSource(), vtk.vtkCylinderSource())
    bgs = ((0.1, 0.1, 0.2), (0.2, 0.1, 0.1), (0.1, 0.2, 0.1), (0.2, 0.2, 0.2))
    for i, src in enumerate(sources):
        r = vtk.vtkRenderer()
        r.SetViewport((i % 2) * 0.5, (i // 2) * 0.5, (i % 2) * 0.5 + 0.5, (i // 2) * 0.5 + 0.5)
        r.SetBackground(*bgs[i])
        m = vtk.vtkPolyDataMapper()
        m.SetInputConnection(src.GetOutputPort())
        a = actor_of(m)
        a.GetProperty().SetColor(0.3 + 0.2 * i, 0.8 - 0.15 * i, 0.5)
        r.AddActor(a)
        r.ResetCamera()
        r.GetActiveCamera().Azimuth(25 + 10 * i)
        r.GetActiveCamera().Elevation(15)
        if i == 3:
            r.GetActiveCamera().ParallelProjectionOn()
        r.ResetCameraClippingRange()
        win.AddRenderer(r)
    return "multi"


def scene_mesh(ren, win):
    src = vtk.vtkParametricSuperToroid()
    src.SetN1(0.6)
    src.SetN2(1.4)
    fn = vtk.vtkParametricFunctionSource()
    fn.SetParametricFunction(src)
    fn.SetUResolution(320)
    fn.SetVResolution(320)
    fn.SetScalarModeToV()
    m = vtk.vtkPolyDataMapper()
    m.SetInputConnection(fn.GetOutputPort())
    m.SetScalarRange(0, 2 * math.pi)
    m.SetLookupTable(lut_blue_red())
    a = actor_of(m)
    a.GetProperty().SetSpecular(0.5)
    a.GetProperty().SetSpecularPower(30)
    ren.AddActor(a)


SCENES = {
    "cone": scene_cone,
    "sphere": scene_sphere,
    "lines": scene_lines,
    "points": scene_points,
    "glyphs": scene_glyphs,
    "texture": scene_texture,
    "text": scene_text,
    "peeling": scene_peeling,
    "volume": scene_volume,
    "pick": scene_pick,
    "multi": scene_multi,
    "mesh": scene_mesh,
}


def write_ppm(win, out):
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


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "--list":
        print(" ".join(SCENES))
        return 0
    if len(sys.argv) != 3 or sys.argv[1] not in SCENES:
        print("usage: scene.py <%s> <out.ppm>" % "|".join(SCENES), file=sys.stderr)
        return 2
    scene, out = sys.argv[1], sys.argv[2]
    ren = vtk.vtkRenderer()
    ren.SetBackground(0.1, 0.2, 0.3)
    win = vtk.vtkRenderWindow()
    win.SetOffScreenRendering(False)
    # VTK asks for 8 samples by default; llvmpipe gives 4x MSAA visuals, swr
    # has no multisampling yet (README), so both render single-sampled
    win.SetMultiSamples(0)
    win.SetSize(400, 400) if scene == "mesh" else win.SetSize(200, 200)
    win.AddRenderer(ren)
    extra = SCENES[scene](ren, win)
    if extra != "multi":
        ren.ResetCamera()
        ren.GetActiveCamera().Azimuth(30)
        ren.GetActiveCamera().Elevation(20)
        ren.ResetCameraClippingRange()
    win.Render()
    if scene == "pick":
        after_pick(ren, win, extra)
    if scene == "mesh":
        # the timed part: frames of a turning camera after the first render
        t0 = time.perf_counter()
        for _ in range(10):
            ren.GetActiveCamera().Azimuth(3)
            win.Render()
        print("render seconds: %.3f" % (time.perf_counter() - t0))
    caps = win.ReportCapabilities() or ""
    for line in caps.splitlines():
        if line.startswith("OpenGL"):
            print(line)
    write_ppm(win, out)
    win.Finalize()
    return 0


if __name__ == "__main__":
    sys.exit(main())
