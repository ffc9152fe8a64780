package builder

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
)

// The icon: four pegs on a blue tile, two in place (green), one misplaced
// (amber) and one absent (slate), which is the 2A1B every player knows.
var (
	tileColor  = color.RGBA{0x1d, 0x4e, 0xd8, 0xff}
	pegColors  = []color.RGBA{{0x22, 0xc5, 0x5e, 0xff}, {0x22, 0xc5, 0x5e, 0xff}, {0xf5, 0x9e, 0x0b, 0xff}, {0xcb, 0xd5, 0xe1, 0xff}}
	pegCenters = [][2]float64{{0.33, 0.33}, {0.67, 0.33}, {0.33, 0.67}, {0.67, 0.67}}
)

const pegRadius = 0.12

// writeIcons draws the icon as SVG and as PNGs (plain and maskable) into
// dir and returns their file names.
func writeIcons(dir string) ([]string, error) {
	svg := iconSVG()
	names := []string{"icon.svg"}
	if err := os.WriteFile(filepath.Join(dir, "icon.svg"), []byte(svg), 0o644); err != nil {
		return nil, err
	}
	for _, icon := range []struct {
		name     string
		size     int
		maskable bool
	}{{"icon-192.png", 192, false}, {"icon-512.png", 512, false}, {"icon-512-maskable.png", 512, true}} {
		var buf bytes.Buffer
		if err := png.Encode(&buf, drawIcon(icon.size, icon.maskable)); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, icon.name), buf.Bytes(), 0o644); err != nil {
			return nil, err
		}
		names = append(names, icon.name)
	}
	return names, nil
}

// iconSVG is the icon as SVG: the site's icon.svg, and the single file's
// tab icon, inlined.
func iconSVG() string {
	svg := fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="22" fill="%s"/>`, hexColor(tileColor))
	for i, c := range pegCenters {
		svg += fmt.Sprintf(`<circle cx="%g" cy="%g" r="%g" fill="%s"/>`, c[0]*100, c[1]*100, pegRadius*100, hexColor(pegColors[i]))
	}
	return svg + "</svg>\n"
}

// drawIcon renders the icon at size×size with 4×4 supersampling. A
// maskable icon fills the whole square and keeps the pegs in the safe zone.
func drawIcon(size int, maskable bool) image.Image {
	const ss = 4
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	scale := 1.0
	if maskable {
		scale = 0.8 // the safe zone is the central 80%
	}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			var r, g, b, a float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					u := (float64(x) + (float64(sx)+0.5)/ss) / float64(size)
					v := (float64(y) + (float64(sy)+0.5)/ss) / float64(size)
					c, ok := iconSample(u, v, scale, maskable)
					if ok {
						r += float64(c.R)
						g += float64(c.G)
						b += float64(c.B)
						a += 255
					}
				}
			}
			n := float64(ss * ss)
			if a > 0 {
				img.SetRGBA(x, y, color.RGBA{uint8(r / n), uint8(g / n), uint8(b / n), uint8(a / n)})
			}
		}
	}
	return img
}

// iconSample returns the colour at (u, v) in the unit square.
func iconSample(u, v, scale float64, maskable bool) (color.RGBA, bool) {
	// Map into the icon's own unit square (shrunk for maskable icons).
	iu := (u-0.5)/scale + 0.5
	iv := (v-0.5)/scale + 0.5
	for i, c := range pegCenters {
		du, dv := iu-c[0], iv-c[1]
		if du*du+dv*dv <= pegRadius*pegRadius {
			return pegColors[i], true
		}
	}
	if maskable || insideRoundedSquare(u, v, 0.22) {
		return tileColor, true
	}
	return color.RGBA{}, false
}

func insideRoundedSquare(u, v, radius float64) bool {
	cu := clamp(u, radius, 1-radius)
	cv := clamp(v, radius, 1-radius)
	du, dv := u-cu, v-cv
	return du*du+dv*dv <= radius*radius
}

func clamp(x, lo, hi float64) float64 { return max(lo, min(hi, x)) }

func hexColor(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
