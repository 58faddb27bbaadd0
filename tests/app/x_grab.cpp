/* Writes a rectangle of the X screen as a binary PPM, so the window tests can see what the real
 * window shows while the mouse is still held (xdotool has no screenshot, and the app's own
 * --screenshot is off screen).
 *
 *   x_grab X Y WIDTH HEIGHT OUT.ppm     (root coordinates)
 *
 * Exit 0 when written, 1 when the display or the image could not be read or the file not written,
 * 2 on bad arguments. */
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: x_grab X Y WIDTH HEIGHT OUT.ppm\n");
    return 2;
  }
  const int x = std::atoi(argv[1]), y = std::atoi(argv[2]);
  const int width = std::atoi(argv[3]), height = std::atoi(argv[4]);
  if (width <= 0 || height <= 0 || x < 0 || y < 0) {
    std::fprintf(stderr, "x_grab: the rectangle must have a positive size inside the screen\n");
    return 2;
  }
  Display* display = XOpenDisplay(nullptr);
  if (!display) {
    std::fprintf(stderr, "x_grab: cannot open the display\n");
    return 1;
  }
  XImage* image = XGetImage(display, DefaultRootWindow(display), x, y, static_cast<unsigned>(width),
                            static_cast<unsigned>(height), AllPlanes, ZPixmap);
  if (!image) {
    std::fprintf(stderr, "x_grab: cannot read %dx%d at %d,%d\n", width, height, x, y);
    XCloseDisplay(display);
    return 1;
  }
  std::vector<unsigned char> rgb;
  rgb.reserve(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
  for (int row = 0; row < height; ++row) {
    for (int col = 0; col < width; ++col) {
      const unsigned long pixel = XGetPixel(image, col, row);
      rgb.push_back(static_cast<unsigned char>((pixel & image->red_mask) >> 16));
      rgb.push_back(static_cast<unsigned char>((pixel & image->green_mask) >> 8));
      rgb.push_back(static_cast<unsigned char>(pixel & image->blue_mask));
    }
  }
  XDestroyImage(image);
  XCloseDisplay(display);
  const std::string path = argv[5];
  const std::string temporary = path + ".part";
  std::FILE* file = std::fopen(temporary.c_str(), "wb");
  bool written = file != nullptr;
  if (file) {
    written = std::fprintf(file, "P6\n%d %d\n255\n", width, height) > 0 &&
              std::fwrite(rgb.data(), 1, rgb.size(), file) == rgb.size();
    written = std::fclose(file) == 0 && written;
  }
  if (!written || std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    std::fprintf(stderr, "x_grab: cannot write %s\n", path.c_str());
    return 1;
  }
  return 0;
}
